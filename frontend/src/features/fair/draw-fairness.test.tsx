// The "check this draw" card runs the verification in the browser and says plainly which check
// failed.
import { createHash } from 'node:crypto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DrawFairness, type DrawFairnessProps } from '@/features/fair/draw-fairness';
import { activateLanguage } from '@/i18n/i18n';

const SEED = '0599ea1dc6190279bd0f278e79006bca589b962daecd14d2ab6ca295834fa058';
const PREVIOUS = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex');
const COMMITMENT = createHash('sha256').update(Buffer.from(PREVIOUS, 'hex')).digest('hex');

const honest: DrawFairnessProps = {
  room: 'k3',
  issue: '202611220001',
  seed: SEED,
  previous: PREVIOUS,
  commitment: COMMITMENT,
  values: { game: 'k3', result: [3, 1, 6] },
};

beforeAll(async () => {
  await activateLanguage('en');
});

describe('DrawFairness', () => {
  it('shows the chain links, the result and the honest limits before any check', () => {
    render(<DrawFairness {...honest} />);
    expect(screen.getByTestId('fair-seed')).toHaveTextContent(SEED);
    expect(screen.getByTestId('fair-previous')).toHaveTextContent(PREVIOUS);
    expect(screen.getByTestId('fair-commitment')).toHaveTextContent(COMMITMENT);
    expect(screen.getByText(/Its SHA-256 must equal the previous period's seed/)).toBeInTheDocument();
    expect(screen.getByTestId('fair-published')).toHaveTextContent('3 · 1 · 6');
    expect(screen.getByText(/it can compute future results, but it cannot change them/)).toBeInTheDocument();
    expect(screen.getByText(/"k3:202611220001:0"/)).toBeInTheDocument();
    expect(screen.getByText(/docs\/fairness\.md/)).toBeInTheDocument();
    expect(screen.queryByTestId('verify-result')).not.toBeInTheDocument();
  });

  it('labels the link as the commitment for a chain first period', () => {
    render(<DrawFairness {...honest} commitment={PREVIOUS.toUpperCase()} />);
    expect(screen.getByText(/the room's commitment \(first period of the chain\)/)).toBeInTheDocument();
  });

  it('verifies an honest draw in the browser', async () => {
    render(<DrawFairness {...honest} />);
    await userEvent.click(screen.getByTestId('verify-draw'));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-verified', 'true');
    expect(result).toHaveTextContent('Verified: matches');
    expect(screen.getByTestId('fair-derived')).toHaveTextContent('3 · 1 · 6');
  });

  it('names the failed check when the published result was changed', async () => {
    render(<DrawFairness {...honest} values={{ game: 'k3', result: [3, 1, 5] }} />);
    await userEvent.click(screen.getByTestId('verify-draw'));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-verified', 'false');
    expect(result).toHaveTextContent('Does not match');
    expect(result).toHaveTextContent('The seed hashes to the previous link: passed');
    expect(result).toHaveTextContent('The seed gives the published result: failed');
    expect(screen.getByTestId('fair-derived')).toHaveTextContent('3 · 1 · 6');
  });

  it('fails the link check for a seed that does not hash to the previous one', async () => {
    render(<DrawFairness {...honest} previous={COMMITMENT} />);
    await userEvent.click(screen.getByTestId('verify-draw'));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-verified', 'false');
    expect(result).toHaveTextContent('The seed hashes to the previous link: failed');
    expect(result).toHaveTextContent('The seed gives the published result: passed');
  });

  it('verifies a yn28 tier room against its region draw and shows a + b + c', async () => {
    const numbers = [7, 15, 27, 28, 71, 75];
    render(<DrawFairness {...honest} room="usa_vip" values={{ game: 'yn28', result: { region: 'usa', numbers, digits: [2, 3, 8] } }} />);
    expect(screen.getByTestId('fair-published')).toHaveTextContent('2 + 3 + 8 = 13');
    expect(screen.getByTestId('fair-published')).toHaveTextContent('Keno numbers: 7 15 27 28 71 75');
    await userEvent.click(screen.getByTestId('verify-draw'));
    expect(await screen.findByTestId('verify-result')).toHaveAttribute('data-verified', 'true');
  });

  it('says so instead of failing when the browser has no WebCrypto (plain HTTP)', async () => {
    vi.stubGlobal('crypto', {});
    try {
      render(<DrawFairness {...honest} />);
      await userEvent.click(screen.getByTestId('verify-draw'));
      expect(await screen.findByTestId('verify-unavailable')).toHaveTextContent(/secure \(HTTPS\) connection/);
      expect(screen.queryByTestId('verify-result')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
