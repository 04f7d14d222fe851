import { codeHiliteHeader } from './codehilite-header';

describe("CodeHilite's first-line header", () => {
  it.each([
    ['#!python', 'python', false],
    ['#!/usr/bin/env python3', 'python3', true],
    ['#!/bin/bash', 'bash', true],
    [':::JavaScript', 'javascript', false],
    ['::: js', 'js', true],
    ['#!', '', false],
  ])('reads %s as language %p (path: %p)', (line, language, path) => {
    expect(codeHiliteHeader(line)).toEqual({ language, path, highlightedLines: new Set() });
  });

  it('reads the lines to mark, in either quotes, and none when one is not a number', () => {
    expect(codeHiliteHeader(':::python hl_lines="1 3"')?.highlightedLines).toEqual(new Set([1, 3]));
    expect(codeHiliteHeader("#!ruby  hl_lines='2'")?.highlightedLines).toEqual(new Set([2]));
    expect(codeHiliteHeader(':::python hl_lines="1 x"')?.highlightedLines).toEqual(new Set());
  });

  it('finds no header unless the line starts with #! or two colons', () => {
    expect(codeHiliteHeader(':python')).toBeNull();
    expect(codeHiliteHeader(' #!python')).toBeNull();
    expect(codeHiliteHeader('x = 1  #!python')).toBeNull();
  });
});
