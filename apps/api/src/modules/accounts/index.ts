export { changeOwnPassword, issuePasswordToken, passwordLink } from './accounts.service.ts';
export { familyRecipient } from './recipient.ts';
export { familyAccountForBooking } from './family-accounts.ts';
export { findUserByEmail } from './accounts.repository.ts';
export { userState } from './user-state.ts';
export { registerAccounts } from './accounts.plugin.ts';
