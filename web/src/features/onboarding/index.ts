/** The onboarding feature's public face: the welcome after sign-up (docs/decisions/101). */
export { Welcome } from './components/welcome';
