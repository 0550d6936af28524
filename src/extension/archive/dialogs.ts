/**
 * The file dialogs of Browse Archive and Open Archive Overview, each titled after its own command
 * (package.json `contributes.commands`; a unit test keeps them equal). No `vscode` here.
 */
export const BROWSE_DIALOG = { title: 'AnimScope: Browse Archive', openLabel: 'Browse' };
export const OVERVIEW_DIALOG = { title: 'AnimScope: Open Archive Overview', openLabel: 'Open' };
