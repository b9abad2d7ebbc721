/** The schemas the login route validates with, loaded after first paint (see lazy-resolver.ts). */
export { loginFormSchema } from '@arena/contracts/accounts';
export { zodResolver } from '@hookform/resolvers/zod';
