import { Role } from '@zulip-es/contracts';

type Person = { role: Role };

export const isAdmin = (user: Person): boolean => user.role <= Role.ADMINISTRATOR;
export const isGuest = (user: Person): boolean => user.role === Role.GUEST;
export const isOwner = (user: Person): boolean => user.role === Role.OWNER;
