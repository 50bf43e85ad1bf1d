#!/usr/bin/env python3
"""Rewraps Rust comments that run past the line limit (rustfmt's `wrap_comments` is
nightly-only): the words past the limit move to the start of the next line of the same
paragraph, or to a new line when the paragraph ends there. Code blocks, table rows and
headings inside comments are left alone. Used after a mechanical rewrite that lengthens
comments, such as docs/citations.sed.

Usage: python3 scripts/wrap_comments.py [--width 100] FILE.rs...   (rewrites in place,
prints the files it changed)

>>> wrap(["//! one two three", "//! four"], 12)
['//! one two', '//! three', '//! four']
>>> wrap(["    /// a b c d", "    /// e"], 14)
['    /// a b c', '    /// d e']
>>> wrap(["//! - item text here", "//! - next"], 16)
['//! - item text', '//!   here', '//! - next']
"""
import argparse
import re

COMMENT = re.compile(r"^(\s*(?://!|///|//)) ?(.*)$")
NEW_BLOCK = re.compile(r"^(\s*)(- |\* |\d+\. |#|\||```|$)")


def split_comment(line):
    m = COMMENT.match(line)
    return (m.group(1), m.group(2)) if m else (None, None)


def words_of(text):
    """The words of `text`, a citation such as `docs/design.md §6.2` or `docs/style.md
    point 3` kept as one word so it never breaks across lines.

    >>> words_of("see docs/design.md §6.2: and docs/style.md point 3.")
    ['see', 'docs/design.md §6.2:', 'and', 'docs/style.md point 3.']
    """
    words = []
    for word in text.split():
        if words and (word.startswith("§") or words[-1].endswith(".md") and word == "point"
                      or words[-1].endswith(".md point")):
            words[-1] += " " + word
        else:
            words.append(word)
    return words


def continuation_indent(text):
    """The indent a wrapped line of `text` takes: under the text of a list item."""
    m = re.match(r"^(\s*)(- |\* |\d+\. )?", text)
    return m.group(1) + " " * len(m.group(2) or "")


def wrap(lines, width):
    out = list(lines)
    fenced = False
    i = 0
    while i < len(out):
        prefix, text = split_comment(out[i])
        if prefix is None:
            fenced = False
            i += 1
            continue
        if text.lstrip().startswith("```"):
            fenced = not fenced
        if fenced or len(out[i]) <= width or text.lstrip().startswith(("|", "#")):
            i += 1
            continue
        head = f"{prefix} "
        indent = re.match(r"^\s*", text).group(0)
        words = words_of(text)
        kept = []
        for word in words:
            candidate = head + indent + " ".join(kept + [word])
            if kept and len(candidate) > width:
                break
            kept.append(word)
        rest = words[len(kept):]
        if not rest:
            i += 1
            continue
        out[i] = head + indent + " ".join(kept)
        next_prefix, next_text = split_comment(out[i + 1]) if i + 1 < len(out) else (None, None)
        if next_prefix == prefix and not NEW_BLOCK.match(next_text):
            next_indent = re.match(r"^\s*", next_text).group(0)
            out[i + 1] = head + next_indent + " ".join(rest + next_text.split())
        else:
            out.insert(i + 1, head + continuation_indent(text) + " ".join(rest))
        i += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--width", type=int, default=100, help="the line limit (100)")
    ap.add_argument("files", nargs="+", metavar="FILE.rs", help="rewritten in place")
    args = ap.parse_args()
    for path in args.files:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
        wrapped = wrap(lines, args.width)
        if wrapped != lines:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write("\n".join(wrapped))
            print(path)


if __name__ == "__main__":
    main()
