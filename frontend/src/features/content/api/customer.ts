import { useQuery } from '@tanstack/react-query';
import { contentKey } from '@/features/content/api/keys';
import { api } from '@/lib/api';

/** The support contacts of the operator's config; "" when one is not set. */
export type CustomerContacts = { support_url: string; telegram_url: string };

export const customerKey = [...contentKey, 'customer'] as const;

/** GET api/customer/index */
export const fetchCustomerContacts = () => api.get<CustomerContacts>('api/customer/index');

export function useCustomerContacts() {
  return useQuery({ queryKey: customerKey, queryFn: fetchCustomerContacts, staleTime: 5 * 60_000 });
}
