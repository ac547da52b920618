// Query keys of the wallet. Everything sits under `walletKey`, so a mutation that moves money
// can refresh all of it at once (together with the profile's balances).
export const walletKey = ['wallet'] as const;
