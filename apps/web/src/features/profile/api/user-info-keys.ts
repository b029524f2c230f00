/** The stored profile of one user; the key names the email, so another user never sees it. */
export const userInfoKeys = {
  all: ['userinfo'] as const,
  detail: (email: string) => ['userinfo', email] as const,
};
