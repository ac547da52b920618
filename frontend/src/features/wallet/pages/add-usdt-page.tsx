// pages/yn28/info/addusdt — add a USDT withdrawal address (TRC20 or ERC20), at most 2.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Chips } from '@/components/chips';
import { Form, Section } from '@/components/form';
import { LinkButton } from '@/components/link-button';
import { LoadingGate } from '@/components/loading-gate';
import { Notice } from '@/components/notice';
import { PageHeader } from '@/components/page-header';
import { TextField } from '@/components/text-field';
import { USDT_ADDRESS_LIMIT, useAddUsdt, useUsdtList } from '@/features/wallet/api/payout-accounts';
import { usdtFormSchema } from '@/features/wallet/parts/schemas';
import { useForm } from '@/hooks/use-form';
import { useI18n } from '@/i18n/i18n';
import { toast } from '@/lib/notify';
import { ROUTES } from '@/lib/routes';
import { USDT_NETWORKS, validate, type UsdtNetwork } from '@/lib/validators';

export function Component() {
  const { t } = useI18n();
  const list = useUsdtList();
  return (
    <main className="page">
      <PageHeader title={t('add_usdt_address')} back fallback={ROUTES.usdtAddresses} />
      <div className="page-body">
        <LoadingGate queries={[list]} ready={list.data !== undefined}>
          {() =>
            (list.data?.length ?? 0) >= USDT_ADDRESS_LIMIT ? (
              <>
                <Notice tone="warn">{t('usdt_limit_reached', { max: USDT_ADDRESS_LIMIT })}</Notice>
                <LinkButton to={ROUTES.usdtAddresses} block variant="ghost">
                  {t('usdt_addresses_title')}
                </LinkButton>
              </>
            ) : (
              <UsdtForm />
            )
          }
        </LoadingGate>
      </div>
    </main>
  );
}

export function UsdtForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [network, setNetwork] = useState<UsdtNetwork>('TRC20');
  const form = useForm({ address: '', remark: '' });
  const add = useAddUsdt();
  const error = (field: 'address' | 'remark') => {
    const key = form.errors[field];
    return key === undefined ? undefined : t(key);
  };

  const submit = async () => {
    const result = validate(usdtFormSchema(network), form.values);
    if (!result.ok) return form.setErrors(result.errors);
    // mutateAsync: the second address refreshes the list and the page replaces this form with
    // the "maximum reached" note; a per-call onSuccess would not run once the form is gone.
    try {
      await add.mutateAsync({ type: network, ...result.value });
    } catch {
      return; // The API client has already shown why.
    }
    toast(t('usdt_added'), 'success');
    void navigate(ROUTES.usdtAddresses, { replace: true });
  };

  return (
    <Form onSubmit={() => void submit()} label={t('add_usdt_address')}>
      <Notice tone="danger" title={t('usdt_warning_title')} testId="usdt-warning">
        {t('usdt_warning_text')}
      </Notice>
      <Section>
        <Chips
          segmented
          label={t('field_network')}
          value={network}
          onChange={(next) => {
            setNetwork(next);
            form.setErrors({});
          }}
          choices={USDT_NETWORKS.map((value) => ({ value, label: value }))}
        />
        <TextField
          label={t('field_usdt_address')}
          placeholder={
            network === 'TRC20' ? t('usdt_trc20_placeholder') : t('usdt_erc20_placeholder')
          }
          value={form.values.address}
          onChange={(value) => form.setField('address', value.trim())}
          error={error('address')}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
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
        {t('usdt_add_submit')}
      </Button>
    </Form>
  );
}
