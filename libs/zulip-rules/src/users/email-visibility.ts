import { dummyEmail, Role, type EmailAddressVisibility } from '@zulip-es/contracts';

interface EmailOwner {
  userId: number;
  deliveryEmail: string;
  emailAddressVisibility: EmailAddressVisibility;
}

/**
 * Zulip's `email` field: the real address when everyone may see it, otherwise the dummy
 * `user<id>@<realm host without port>` (the same for every viewer; `delivery_email` varies by viewer).
 */
export const apiEmail = (user: EmailOwner, realm: { host: string }): string =>
  user.emailAddressVisibility === 1 ? user.deliveryEmail : dummyEmail(user.userId, realm.host);

/** Whether `viewer` may see the real email of `target` under the target's email visibility setting. */
export function canSeeDeliveryEmail(
  viewer: { userId: number; role: Role },
  target: Pick<EmailOwner, 'userId' | 'emailAddressVisibility'>,
): boolean {
  if (viewer.userId === target.userId) return true;
  switch (target.emailAddressVisibility) {
    case 1:
      return true;
    case 2:
      return viewer.role <= Role.MEMBER;
    case 3:
      return viewer.role <= Role.ADMINISTRATOR;
    case 4:
      return false;
    case 5:
      return viewer.role <= Role.MODERATOR;
  }
}
