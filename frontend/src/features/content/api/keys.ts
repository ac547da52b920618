// Query keys of the content area (news, support contacts).
export const contentKey = ['content'] as const;
