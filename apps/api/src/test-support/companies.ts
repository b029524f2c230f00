import { api, type MemberInput } from '@shop/shared';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.js';
import { inject, type Who } from './inject.js';

/**
 * A member as a company gets one since issue 27: the owner invites, the person (signed in with
 * the address verified) accepts. Fails the test unless both answer 200.
 */
export async function addMember(
  t: TestApp,
  owner: Who,
  companyId: string,
  member: Who & { email: string },
  body: MemberInput,
) {
  const invited = await inject(
    t,
    api.companies.putMember,
    { params: { id: companyId, email: member.email }, body },
    owner,
  );
  expect(invited.statusCode, invited.body).toBe(200);
  const accepted = await inject(
    t,
    api.companies.acceptInvitation,
    { params: { companyId } },
    member,
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json();
}
