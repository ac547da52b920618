// Form rules of the wallet screens (bank card, USDT address). Messages are i18n keys.
import * as v from 'valibot';
import {
  boundedText,
  cardNumberSchema,
  holderSchema,
  ifscSchema,
  usdtAddressSchema,
  type UsdtNetwork,
} from '@/lib/validators';

const BANK_PHONE_RE = /^[\d+\- ]{0,20}$/;

export const bankFormSchema = v.object({
  bank_id: v.pipe(v.string(), v.nonEmpty('v_required_bank')),
  holder: holderSchema,
  card_no: cardNumberSchema,
  ifsc: ifscSchema,
  bank_address: boundedText(200),
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => text === '' || (BANK_PHONE_RE.test(text) && /\d/.test(text)), 'v_bank_phone'),
  ),
  remark: boundedText(100),
});

export const usdtFormSchema = (network: UsdtNetwork) =>
  v.object({
    address: usdtAddressSchema(network),
    remark: boundedText(100),
  });
