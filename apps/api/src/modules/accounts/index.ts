export {
  issuePasswordToken,
  notifyAddressTaken,
  passwordLink,
  sendAccountVerification,
  type AccountsDeps,
} from './accounts.service.ts';
export { familyRecipient } from './recipient.service.ts';
export { familyAccountForBooking, familyAccountForHold } from './family-accounts.service.ts';
export { findUserByEmail } from './accounts.repository.ts';
export { checkCurrentPassword } from './current-password.service.ts';
export { CurrentPasswordThrottle } from './login-throttle.service.ts';
export { userState } from './user-state.service.ts';
export { registerAccounts } from './accounts.plugin.ts';
