import { codedMessages } from '../shared/error-codes.ts';

/** The sign-in, sign-up and password texts (spec §4, §5, §8), in one place for the API and the web. */
export const accountMessages = {
  // Changing one's own password (every area's profile or settings).
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordRequired: 'Enter your current password.',
  // Per account, whatever the address (issue 29 item 5): the right password waits too.
  currentPasswordThrottled: 'Too many wrong current passwords. Please try again in 15 minutes.',
  passwordChanged: 'Your password has been changed. Please sign in again.',
  // Sign-in (spec §5, §8).
  invalidCredentials: 'Invalid credentials',
  loginFailed: 'Login failed',
  accessDenied: 'Access denied: Only admins can log in.',
  usernameRequired: 'Username is required.',
  passwordRequired: 'Password is required.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again in a few minutes.',
  accountInactive: 'This account has been deactivated. Please contact us.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  // Sign-up (spec §4, §5, §8).
  registering: 'Registering...',
  registrationSuccess: 'Registration successful! You can now log in.',
  registrationFailed: 'Registration failed.',
  networkError: 'Network error. Please try again later.',
  passwordsMismatch: "Passwords don't match.",
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  usernameInvalid: 'Username may contain only letters, numbers and the characters @ . + - _',
  usernameTooLong: 'Username must be at most 150 characters.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  passwordPolicy: 'Password must be at least 8 characters long and contain a letter and a number.',
  passwordTooLong: 'Password must be at most 128 characters.',
  // Sign-up answers the same whether or not the e-mail is registered (issue 12 item 5).
  // The account exists once its address is proved (decision 220): until then a sign-in fails like any other.
  registrationCheckEmail:
    'Registration successful! We have sent a link to your e-mail address: open it to confirm the address, then you can log in.',
  emailVerified:
    'Your email address is confirmed. You can now log in; bookings made with it appear in your account.',
  signUpUsernameGone:
    'Someone else took this username before you confirmed your address. Please sign up again with another username.',
  loginUnconfirmedHint: 'Just signed up? Open the link we e-mailed you to confirm your address first.',
  verifyingEmail: 'Confirming your email address...',
  phoneInvalid: 'Enter a phone number: digits, spaces and + - ( ) only.',
  // Password reset and set-password links.
  resetRequested:
    'If an account exists for that email, we have sent a link to reset the password. The link is valid for 1 hour.',
  resetLinkInvalid: 'This link is invalid or has expired. Please request a new one.',
  passwordSet: 'Your password has been set. You can now log in.',
  // Administration of accounts.
  lastAdmin: 'The last administrator cannot be removed.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  onlyAdminsManageAdmins: 'Only an administrator can manage administrator accounts.',
  userNotFound: 'User not found.',
} as const;

/** Their codes (shared/error-codes.ts): `invalid_credentials`, `email_taken`, `last_admin`, … */
export const accountMessageCodes = codedMessages(accountMessages, {
  // The forms' own labels: never an answer of the API.
  skip: ['registering', 'verifyingEmail', 'loginUnconfirmedHint'],
});
