import { useEffect } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import styled from 'styled-components';
import { theme } from '@site/shared/ui/theme';

const Box = styled.div<{ $invalid: boolean }>`
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${theme.radius.sm};
  background: ${theme.color.bg};
  [role='toolbar'] {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    padding: 6px;
    border-bottom: 1px solid ${theme.color.border};
  }
  [role='toolbar'] button {
    font: inherit;
    min-width: 36px;
    min-height: 36px;
    padding: 4px 8px;
    border-radius: ${theme.radius.sm};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.surface};
    color: ${theme.color.text};
    cursor: pointer;
  }
  [role='toolbar'] button[aria-pressed='true'] { background: ${theme.color.primary}; color: ${theme.color.onPrimary}; }
  .tiptap { min-height: 220px; padding: 10px 12px; outline: none; }
  .tiptap:focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: -3px; }
  .tiptap p { margin: 0 0 0.8em; }
`;

type Mark = { label: string; active: (e: Editor) => boolean; run: (e: Editor) => void; toggle?: boolean };

const TOOLS: Mark[] = [
  { label: 'Bold', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run(), toggle: true },
  { label: 'Italic', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run(), toggle: true },
  { label: 'Heading', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), toggle: true },
  { label: 'Subheading', active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), toggle: true },
  { label: 'Bulleted list', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run(), toggle: true },
  { label: 'Numbered list', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run(), toggle: true },
  { label: 'Quote', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run(), toggle: true },
  { label: 'Undo', active: () => false, run: (e) => e.chain().focus().undo().run() },
  { label: 'Redo', active: () => false, run: (e) => e.chain().focus().redo().run() },
];

/** An HTML value with no text in it (TipTap's empty document is `<p></p>`). */
export const isEmptyHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';

interface Props {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
}

/** A rich-text editor producing HTML (the api sanitizes it again on write). */
export function RichTextEditor({ id, value, onChange, onBlur, labelledBy, describedBy, invalid = false, disabled = false }: Props) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } })],
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': String(invalid),
      },
    },
    onUpdate: ({ editor: current }) => {
      if (!current.isDestroyed) onChange(current.getHTML());
    },
    onBlur: () => onBlur?.(),
  });

  const active = useEditorState({ editor, selector: ({ editor: e }) => (e ? TOOLS.map((tool) => tool.active(e)) : []) });

  // A value loaded after mount (the edit screen) replaces the document once.
  useEffect(() => {
    // An editor being replaced (remount, option change) is destroyed and has no document to read.
    if (editor && !editor.isDestroyed && value !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setEditable(!disabled);
    editor.view.dom.setAttribute('aria-invalid', String(invalid));
  }, [editor, disabled, invalid]);

  return (
    <Box $invalid={invalid}>
      <div role="toolbar" aria-label="Formatting" aria-controls={id}>
        {TOOLS.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            disabled={!editor || disabled}
            aria-pressed={tool.toggle ? Boolean(active?.[index]) : undefined}
            // A pointer press keeps focus (and the selection) in the document: TipTap gives focus back
            // only on the next frame, and keys typed before it would reach the button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editor && tool.run(editor)}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </Box>
  );
}
