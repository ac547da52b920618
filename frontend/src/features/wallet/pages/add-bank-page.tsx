// pages/yn28/info/addbank and pages/bind/index — link the one bank card: bank first, then the
// holder (the real name), number and details. It cannot be changed once linked.
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Form, Section } from '@/components/form';
import { LoadingGate } from '@/components/loading-gate';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import {
  useAddBank,
  useBankCard,
  useBankList,
  type Bank,
} from '@/features/wallet/api/payout-accounts';
import { CardView } from '@/features/wallet/parts/card-view';
import { useForm } from '@/hooks/use-form';
import { useProfile } from '@/hooks/use-profile';
import { useI18n } from '@/i18n/i18n';
import { confirm, toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { bankFormSchema } from '@/features/wallet/parts/schemas';
import { validate } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const banks = useBankList();
  const card = useBankCard();
  const profile = useProfile();
  const ready = banks.data !== undefined && card.data !== undefined && profile.data !== undefined;
  return (
    <main className="page">
      <PageHeader title={t('bind_bank_card')} back fallback={ROUTES.bankCards} />
      <div className="page-body">
        <LoadingGate queries={[banks, card, profile]} ready={ready}>
          {() =>
            card.data !== null && card.data !== undefined ? (
              <>
                <Notice tone="warn">{t('bank_card_already')}</Notice>
                <CardView card={card.data} />
              </>
            ) : (
              <BankForm banks={banks.data!} realName={profile.data!.real_name} />
            )
          }
        </LoadingGate>
      </div>
    </main>
  );
}

type Field = 'bank_id' | 'holder' | 'card_no' | 'ifsc' | 'bank_address' | 'phone' | 'remark';

export function BankForm({ banks, realName }: { banks: Bank[]; realName: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const form = useForm({
    bank_id: '',
    holder: realName,
    card_no: '',
    ifsc: '',
    bank_address: '',
    phone: '',
    remark: '',
  });
  const add = useAddBank();
  const error = (field: Field) => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  const submit = async () => {
    const result = validate(bankFormSchema, form.values);
    if (!result.ok) return form.setErrors(result.errors);
    const bank = banks.find((entry) => entry.id === result.value.bank_id);
    const ok = await confirm({
      title: t('bind_confirm_title'),
      message: t('bind_confirm_text', {
        bank: bank?.name ?? result.value.bank_id,
        holder: result.value.holder,
        last4: result.value.card_no.slice(-4),
      }),
      confirmText: t('bind_submit'),
    });
    if (!ok) return;
    // mutateAsync: the refreshed card replaces this form (the page then shows the linked card),
    // and a per-call onSuccess would not run once the form is gone.
    try {
      await add.mutateAsync(result.value);
    } catch {
      return; // The API client has already shown why.
    }
    toast(t('bind_done'), 'success');
    void navigate(ROUTES.bankCards, { replace: true });
  };

  return (
    <Form onSubmit={() => void submit()} label={t('bind_bank_card')}>
      <Notice tone="warn">{t('bank_card_once')}</Notice>
      <Section>
        <SelectField
          label={t('field_bank')}
          placeholder={t('field_bank_placeholder')}
          value={form.values.bank_id}
          onChange={(value) => form.setField('bank_id', value)}
          options={banks.map((bank) => ({ value: bank.id, label: bank.name }))}
          error={error('bank_id')}
        />
        <TextField
          label={t('field_holder')}
          placeholder={t('field_holder_placeholder')}
          value={form.values.holder}
          onChange={(value) => form.setField('holder', value)}
          error={error('holder')}
          readOnly={realName !== ''}
          autoComplete="name"
          maxLength={64}
        />
        <p style={{ fontSize: 13, color: 'var(--muted)', marginTop: -6 }}>
          {realName !== '' ? t('holder_fixed_note') : t('holder_note')}
        </p>
        <TextField
          label={t('field_card_no')}
          inputMode="numeric"
          placeholder={t('field_card_no_placeholder')}
          value={form.values.card_no}
          onChange={(value) => form.setField('card_no', value.replace(/[^\d ]/g, ''))}
          error={error('card_no')}
          autoComplete="cc-number"
          maxLength={30}
        />
        <TextField
          label={t('field_ifsc')}
          hint={t('optional')}
          placeholder="HDFC0001234"
          value={form.values.ifsc}
          onChange={(value) => form.setField('ifsc', value.toUpperCase())}
          error={error('ifsc')}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={11}
        />
        <TextField
          label={t('field_bank_address')}
          hint={t('optional')}
          placeholder={t('field_bank_address_placeholder')}
          value={form.values.bank_address}
          onChange={(value) => form.setField('bank_address', value)}
          error={error('bank_address')}
          maxLength={200}
        />
        <TextField
          label={t('field_bank_phone')}
          hint={t('optional')}
          type="tel"
          inputMode="tel"
          placeholder={t('field_phone_placeholder')}
          value={form.values.phone}
          onChange={(value) => form.setField('phone', value)}
          error={error('phone')}
          maxLength={20}
        />
        <TextField
          label={t('field_remark')}
          hint={t('optional')}
          value={form.values.remark}
          onChange={(value) => form.setField('remark', value)}
          error={error('remark')}
          maxLength={100}
        />
      </Section>
      <Button type="submit" block loading={add.isPending}>
        {t('bind_submit')}
      </Button>
    </Form>
  );
}
