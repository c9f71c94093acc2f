// A folder can ask for the Skyvia view to be open when it is opened, by holding a
// `.skyvia-explorer` file (the `workspaceContains` activation event brings us here). `npm start`
// uses it so the first screen a newcomer sees is the explorer; a team can commit one too.
// Not awaited by activate(): it is a file stat and a UI command, nothing activation waits on.
import vscode = require('vscode');

export const MARKER_FILE = '.skyvia-explorer';

export async function revealOnStartup(): Promise<void> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    try {
      await vscode.workspace.fs.stat(vscode.Uri.joinPath(folder.uri, MARKER_FILE));
    } catch {
      continue;
    }
    await vscode.commands.executeCommand('workbench.view.extension.skyvia');
    return;
  }
}
