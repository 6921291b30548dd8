import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@arb/shared';

export const loginResolver = zodResolver(loginSchema);
