// A small message format: `{name}` placeholders and
// `{n, plural, =0 {…} one {# item} other {# items}}` with Intl.PluralRules categories.
export type Part =
  | { kind: 'text'; value: string }
  | { kind: 'var'; name: string }
  | { kind: 'hash' }
  | { kind: 'plural'; name: string; options: Record<string, Part[]> };

export type Params = Record<string, string | number>;

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parse(): Part[] {
    const parts = this.parts(false, false);
    if (this.pos < this.src.length) throw this.fail('unexpected "}"');
    return parts;
  }

  private fail(what: string): Error {
    return new Error(`message format: ${what} at ${this.pos} in "${this.src}"`);
  }

  private parts(inPlural: boolean, nested: boolean): Part[] {
    const out: Part[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') out.push({ kind: 'text', value: text });
      text = '';
    };
    while (this.pos < this.src.length) {
      const ch = this.src[this.pos]!;
      if (ch === '}') {
        if (!nested) break;
        flush();
        return out;
      }
      if (ch === '{') {
        flush();
        out.push(this.argument());
        continue;
      }
      if (ch === '#' && inPlural) {
        flush();
        out.push({ kind: 'hash' });
        this.pos += 1;
        continue;
      }
      text += ch;
      this.pos += 1;
    }
    if (nested) throw this.fail('missing "}"');
    flush();
    return out;
  }

  private argument(): Part {
    this.pos += 1; // '{'
    const name = this.word();
    if (name === '') throw this.fail('empty placeholder');
    this.spaces();
    if (this.src[this.pos] === '}') {
      this.pos += 1;
      return { kind: 'var', name };
    }
    if (this.src[this.pos] !== ',') throw this.fail('expected "," or "}"');
    this.pos += 1;
    this.spaces();
    const type = this.word();
    if (type !== 'plural') throw this.fail(`unknown argument type "${type}"`);
    this.spaces();
    if (this.src[this.pos] !== ',') throw this.fail('expected ","');
    this.pos += 1;
    const options: Record<string, Part[]> = {};
    for (;;) {
      this.spaces();
      if (this.src[this.pos] === '}') {
        this.pos += 1;
        break;
      }
      const selector = this.word();
      if (selector === '') throw this.fail('expected a plural selector');
      this.spaces();
      if (this.src[this.pos] !== '{') throw this.fail('expected "{"');
      this.pos += 1;
      options[selector] = this.parts(true, true);
      this.pos += 1; // '}'
    }
    if (!('other' in options)) throw this.fail('plural without "other"');
    return { kind: 'plural', name, options };
  }

  private word(): string {
    const start = this.pos;
    while (this.pos < this.src.length && /[\w=]/.test(this.src[this.pos]!)) this.pos += 1;
    return this.src.slice(start, this.pos);
  }

  private spaces(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos += 1;
  }
}

export function parseMessage(src: string): Part[] {
  return new Parser(src).parse();
}

/** Every argument name a message uses (placeholders and plural arguments). */
export function argumentsOf(parts: Part[], into = new Set<string>()): Set<string> {
  for (const part of parts) {
    if (part.kind === 'var') into.add(part.name);
    if (part.kind === 'plural') {
      into.add(part.name);
      for (const option of Object.values(part.options)) argumentsOf(option, into);
    }
  }
  return into;
}

export function render(
  parts: Part[],
  params: Params,
  rules: Intl.PluralRules,
  numberFormat: Intl.NumberFormat,
  hashValue?: number,
): string {
  let out = '';
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        out += part.value;
        break;
      case 'hash':
        out += hashValue === undefined ? '#' : numberFormat.format(hashValue);
        break;
      case 'var': {
        const value = params[part.name];
        out += value === undefined ? `{${part.name}}` : String(value);
        break;
      }
      case 'plural': {
        const raw = params[part.name];
        const count = typeof raw === 'number' ? raw : Number.parseInt(String(raw ?? '0'), 10);
        const option =
          part.options[`=${count}`] ??
          part.options[rules.select(count)] ??
          part.options.other ??
          [];
        out += render(option, params, rules, numberFormat, count);
        break;
      }
    }
  }
  return out;
}
