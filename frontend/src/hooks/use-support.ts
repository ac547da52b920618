// The operator's support contacts and hours (api/customer/index): read by the customer page
// (features/content) and the Telegram page (features/system).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type SupportChannel = 'web' | 'telegram';

/** A link; `label` "" means the app's own label of its channel. */
export type SupportLink = { channel: SupportChannel; label: string; url: string };

export type CustomerContacts = {
  /** `app.support_url`, "" when not set. */
  support_url: string;
  /** `app.telegram_url`, "" when not set. */
  telegram_url: string;
  /** Every link: support_url and telegram_url first, then the operator's labelled links. */
  links: SupportLink[];
  /** "HH:MM-HH:MM" in `timezone`. */
  hours: string;
  timezone: string;
  open_now: boolean;
};

export const customerKey = ['support', 'customer'] as const;

/** GET api/customer/index */
export const fetchCustomerContacts = () => api.get<CustomerContacts>('api/customer/index');

/** Refetched every minute while shown, so "open now" follows the clock. */
export function useCustomerContacts() {
  return useQuery({
    queryKey: customerKey,
    queryFn: fetchCustomerContacts,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** Web and Telegram links are opened; anything else in the config is not a usable contact. */
export const usableLink = (url: string): boolean => /^(?:https?|tg):\/\/\S+$/i.test(url.trim());
