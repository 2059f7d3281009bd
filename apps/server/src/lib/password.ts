/** Password hashing of the auth library (scrypt), for accounts created outside sign-up. */
export { hashPassword, verifyPassword } from 'better-auth/crypto';
