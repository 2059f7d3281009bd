/** The address of a user's document or selfie, read through the staff-only route. */
export const verificationFileUrl = (userId: string, kind: 'documento' | 'selfie') =>
  `/api/admin/verifications/${encodeURIComponent(userId)}/files/${kind}`;
