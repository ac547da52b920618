// Withdrawal accounts: the bank list, the one bank card, and up to two USDT addresses.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletKey } from '@/features/wallet/api/keys';
import { profileKey } from '@/hooks/use-profile';
import { api } from '@/lib/api';
import type { UsdtNetwork } from '@/lib/validators';

export type Bank = { id: string; name: string };

export type BankCard = {
  id: number;
  bank_id: string;
  bank_name: string;
  holder: string;
  /** Masked: "**** **** **** 1234". */
  card_no: string;
  ifsc: string;
  bank_address: string;
  phone: string;
  remark: string;
  created_at: number;
};

export type UsdtAddress = {
  id: number;
  type: UsdtNetwork;
  address: string;
  remark: string;
  created_at: number;
};

export const USDT_ADDRESS_LIMIT = 2;

const bankListKey = [...walletKey, 'banks'] as const;
export const bankCardKey = [...walletKey, 'bank-card'] as const;
export const usdtListKey = [...walletKey, 'usdt-addresses'] as const;

/** GET api/personal/banklist */
export function useBankList() {
  return useQuery({
    queryKey: bankListKey,
    queryFn: () => api.get<Bank[]>('api/personal/banklist'),
    staleTime: 5 * 60_000,
  });
}

/** GET api/personal/bankcard — the linked card, or null. */
export function useBankCard() {
  return useQuery({
    queryKey: bankCardKey,
    queryFn: () => api.get<BankCard | null>('api/personal/bankcard'),
    staleTime: 30_000,
  });
}

/** GET api/personal/usdtlist */
export function useUsdtList() {
  return useQuery({
    queryKey: usdtListKey,
    queryFn: () => api.get<UsdtAddress[]>('api/personal/usdtlist'),
    staleTime: 30_000,
  });
}

export type AddBankInput = {
  bank_id: string;
  holder: string;
  card_no: string;
  ifsc: string;
  bank_address: string;
  phone: string;
  remark: string;
};

/** POST api/personal/add_bank — links the one card (never changed afterwards). */
export const addBank = (input: AddBankInput) =>
  api.post<{ id: number }>('api/personal/add_bank', input);

export function useAddBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBank,
    // The first card also sets the real name and locks it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankCardKey }),
        queryClient.invalidateQueries({ queryKey: profileKey }),
      ]),
  });
}

export type AddUsdtInput = { type: UsdtNetwork; address: string; remark: string };

/** POST api/personal/addusdt */
export const addUsdt = (input: AddUsdtInput) =>
  api.post<{ id: number }>('api/personal/addusdt', input);

export function useAddUsdt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUsdt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usdtListKey }),
  });
}
