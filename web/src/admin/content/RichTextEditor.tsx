import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

type Props = {
  // labelId names the element that labels the editing area.
  labelId: string;
  value: string;
  onChange: (html: string) => void;
};

/** RichTextEditor edits an announcement's or article's HTML. Its output
 * is only a draft: the server sanitizes whatever it is sent, and the
 * preview shows the server's answer, never this HTML. Loaded on demand,
 * so neither the player site nor the rest of the back office carries it. */
export function RichTextEditor({ labelId, value, onChange }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        codeBlock: false,
        code: false,
        // Only web and mail links; the server drops anything else anyway.
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId, class: 'content-rich-area' },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  });
  return (
    <div className="content-rich">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const link = () => {
    if (state.link) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt(t('content.editor.linkPrompt'), 'https://');
    if (href && /^(https?:\/\/|mailto:|\/)/i.test(href.trim())) editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  const button = (key: string, active: boolean, run: () => void) => (
    <button type="button" className="button button-small" aria-pressed={active} onClick={run}>
      {t(`content.editor.${key}`)}
    </button>
  );
  return (
    <div className="content-rich-toolbar" role="toolbar" aria-label={t('content.editor.toolbar')}>
      {button('bold', state.bold, () => editor.chain().focus().toggleBold().run())}
      {button('italic', state.italic, () => editor.chain().focus().toggleItalic().run())}
      {button('heading', state.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
      {button('bulletList', state.bullet, () => editor.chain().focus().toggleBulletList().run())}
      {button('orderedList', state.ordered, () => editor.chain().focus().toggleOrderedList().run())}
      {button('link', state.link, link)}
      <button type="button" className="button button-small" onClick={() => editor.chain().focus().undo().run()}>
        {t('content.editor.undo')}
      </button>
      <button type="button" className="button button-small" onClick={() => editor.chain().focus().redo().run()}>
        {t('content.editor.redo')}
      </button>
    </div>
  );
}
