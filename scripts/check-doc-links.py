#!/usr/bin/env python3
"""Resolves every relative Markdown link of the project's documents and prints the ones that lead nowhere.

Usage: scripts/check-doc-links.py [FILE.md ...]   (default: README.md, docs/*.md, results/*.md; run from the
project's root). A link is [text](target) or ![alt](target) outside fenced code; http(s) and mailto links are
not followed. A target must exist as a file or folder relative to the document that names it, and a #fragment
must be a heading of the target (GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, -1, -2
for repeats). Exit 0 when every link resolves, 1 otherwise. Why: the README's chapters moved into docs/ and
results/, and a link that still points at the old place fails silently on GitHub.
"""
import glob
import os
import re
import sys

LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^()\s]+(?:\([^()]*\))?)(?:\s+"[^"]*")?\)')
HEADING = re.compile(r'^(#{1,6})\s+(.*?)\s*#*\s*$')


def outside_code(path):
    """The lines of a Markdown file with fenced code blocks left out, numbered from 1."""
    fenced = False
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith('```'):
                fenced = not fenced
                continue
            if not fenced:
                yield number, line


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r'`|\*', '', heading)                      # code and emphasis marks (underscores stay, as in O_DIRECT)
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', text)      # a link keeps its text
    text = re.sub(r'[^\w\- ]', '', text.lower())
    return text.replace(' ', '-')


def anchors(path):
    seen, result = {}, set()
    for _, line in outside_code(path):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        result.add(base if n == 0 else f'{base}-{n}')
    return result


def broken(path):
    for number, line in outside_code(path):
        for target in LINK.findall(re.sub(r'`[^`]*`', '', line)):
            if re.match(r'^(https?:|mailto:)', target):
                continue
            file_part, _, fragment = target.partition('#')
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(resolved):
                yield f'{path}:{number}: {target}: no such file or folder ({resolved})'
            elif fragment and resolved.endswith('.md') and fragment not in anchors(resolved):
                yield f'{path}:{number}: {target}: no heading #{fragment} in {resolved}'


def main(files):
    files = files or ['README.md'] + sorted(glob.glob('docs/*.md')) + sorted(glob.glob('results/*.md'))
    problems = [p for f in files for p in broken(f)]
    for p in problems:
        print(p)
    print(f'{len(problems)} broken link(s) in {len(files)} file(s)', file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
