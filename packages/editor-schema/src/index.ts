export { fromEditorDocument, toEditorDocument } from './document-mapping.js';
export { editorExtensions, hintStyles } from './extensions.js';
export { type KeptNode, keptInlineText, keptLabel, keptType } from './kept-nodes.js';
