import { describe, expect, it } from 'vitest';
import { buildXml, maxXmlBytes, parseXml, textOf } from '#shared/elster/xml.ts';

describe('buildXml', () => {
  it('escapes text and attributes, so user input can never become markup', () => {
    const xml = buildXml({ Name: { '@_note': '"<&>', '#text': 'Müller & Söhne <GmbH>' } });
    expect(xml).toBe('<Name note="&quot;&lt;&amp;&gt;">Müller &amp; Söhne &lt;GmbH&gt;</Name>');
    const parsed = parseXml(xml);
    expect(parsed.ok && textOf(parsed.element)).toBe('Müller & Söhne <GmbH>');
  });

  it('keeps element order and adds the declaration when asked', () => {
    expect(buildXml({ A: { Kz81: '1', Kz83: '2' } }, { declaration: true })).toBe('<?xml version="1.0" encoding="UTF-8"?><A><Kz81>1</Kz81><Kz83>2</Kz83></A>');
  });
});

describe('parseXml', () => {
  it('reads the root, its attributes and children as strings', () => {
    const parsed = parseXml('<?xml version="1.0"?><Root xmlns="urn:x" version="2026"><Kz81>0100</Kz81><T>&#65;&amp;</T></Root>');
    expect(parsed).toEqual({ ok: true, root: 'Root', element: { '@_xmlns': 'urn:x', '@_version': '2026', Kz81: '0100', T: 'A&' } });
  });

  it.each([
    ['a DTD', '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>', 'XML_DTD_NOT_ALLOWED'],
    ['an external entity', '<!DOCTYPE r SYSTEM "file:///etc/passwd"><r/>', 'XML_DTD_NOT_ALLOWED'],
    ['an undeclared entity', '<r>&nbsp;</r>', 'XML_ENTITY_NOT_ALLOWED'],
    ['broken nesting', '<r><a></r>', 'XML_MALFORMED'],
    ['two roots', '<r/><s/>', 'XML_MALFORMED'],
    ['text only', 'hello', 'XML_MALFORMED'],
    ['too much', `<r>${'a'.repeat(maxXmlBytes)}</r>`, 'XML_TOO_LARGE'],
  ])('refuses %s', (_, xml, code) => {
    const parsed = parseXml(xml);
    expect(parsed.ok ? undefined : parsed.problem.code).toBe(code);
  });
});
