import { type CSSProperties, type UIEvent, useLayoutEffect, useRef, useState } from 'react';
import { Textarea } from '@mantine/core';
import type { TemplateFormat } from './prompt-parameters';
import { splitTemplate } from './template-variables';

// What the backdrop copies from the text area so each character lies exactly under its twin.
const MIRRORED = ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight', 'borderTopWidth', 'borderBottomWidth', 'borderLeftWidth',
  'borderRightWidth', 'fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing'] as const;

/**
 * A message's text area with its variables highlighted in place: a backdrop with the same box and font lies under
 * the (transparent) text area and marks each reference, so the text stays a plain, accessible `textarea`.
 */
export function TemplateTextarea({ label, value, format, error, onChange }: {
  label: string;
  value: string;
  format: TemplateFormat;
  error?: string;
  onChange: (value: string) => void;
}) {
  const input = useRef<HTMLTextAreaElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    if (!input.current) return;
    const style = getComputedStyle(input.current);
    setBox(Object.fromEntries(MIRRORED.map((name) => [name, style[name]])));
  }, []);
  const syncScroll = (event: UIEvent<HTMLTextAreaElement>) => {
    if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop;
  };
  return (
    <Textarea ref={input} label={label} value={value} autosize minRows={2} maxRows={24} error={error} onScroll={syncScroll}
      onChange={(e) => onChange(e.currentTarget.value)}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, background: 'transparent', position: 'relative' } }}
      inputContainer={(children) => (
        <div style={{ position: 'relative' }}>
          <div ref={backdrop} aria-hidden style={{ ...box, position: 'absolute', inset: 0, borderStyle: 'solid', borderColor: 'transparent', color: 'transparent',
            whiteSpace: 'pre-wrap', overflowWrap: 'break-word', overflow: 'hidden', pointerEvents: 'none', background: 'var(--mantine-color-body)', borderRadius: 'var(--mantine-radius-sm)' }}>
            {splitTemplate(value, format).map((part, index) => (part.variable
              ? <mark key={index} data-variable={part.variable} style={{ color: 'transparent', background: 'var(--mantine-color-grape-1)', borderRadius: 3 }}>{part.text}</mark>
              : <span key={index}>{part.text}</span>))}
            {'\n'}
          </div>
          {children}
        </div>
      )} />
  );
}
