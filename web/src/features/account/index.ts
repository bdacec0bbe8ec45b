/** The account feature (the settings screen's parts). */
export { ChangePasswordForm } from './components/change-password-form';
export { ColorModeSetting } from './components/color-mode-setting';
export { DeleteAccount } from './components/delete-account';
export { EmailSetting } from './components/email-setting';
export { ImportExport } from './components/import-export';
