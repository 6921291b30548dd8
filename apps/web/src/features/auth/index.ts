/** What other features may use from auth. */
export { PublicLayout } from './components/PublicLayout';
export { PasswordField } from './components/PasswordField';
