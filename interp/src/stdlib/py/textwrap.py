"""Text wrapping and filling."""

# Typhon: the chunking CPython does with regular expressions is done by
# hand here (`_chunks`), with the same results.

__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_whitespace = '\t\n\x0b\x0c\r '


def _is_word(c):
    # `\w` of a str pattern.
    return c.isalnum() or c == '_'


def _is_letter(c):
    # `[^\d\W]`: a word character that is not a digit.
    return _is_word(c) and not c.isdecimal()


def _is_word_punct(c):
    # `[\w!"'&.,?]`
    return _is_word(c) or c in '!"\'&.,?'


def _letter_at(text, i):
    return 0 <= i < len(text) and _is_letter(text[i])


def _dashes_then_word(text, j):
    """Whether text[j:] is two or more hyphens followed by a word
    character."""
    k = j
    while k < len(text) and text[k] == '-':
        k += 1
    return k - j >= 2 and k < len(text) and _is_word(text[k])


def _hyphen_breaks(text, j):
    """Whether a word may break after the hyphen at text[j]: two letters
    (or letter, hyphen, letter) before it, a letter, maybe a hyphen, and a
    letter after it."""
    before = ((_letter_at(text, j - 2) and _letter_at(text, j - 1))
              or (_letter_at(text, j - 3) and j - 2 >= 0 and text[j - 2] == '-'
                  and _letter_at(text, j - 1)))
    if not before:
        return False
    if not _letter_at(text, j + 1):
        return False
    if _letter_at(text, j + 2):
        return True
    return j + 2 < len(text) and text[j + 2] == '-' and _letter_at(text, j + 3)


def _chunks(text, hyphens):
    """The text in chunks: runs of whitespace and words; with `hyphens`,
    hyphenated words split after their hyphens and em-dashes on their
    own."""
    chunks = []
    n = len(text)
    i = 0
    while i < n:
        c = text[i]
        j = i + 1
        if c in _whitespace:
            while j < n and text[j] in _whitespace:
                j += 1
        elif not hyphens:
            while j < n and text[j] not in _whitespace:
                j += 1
        elif (c == '-' and i > 0 and _is_word_punct(text[i - 1])
              and _dashes_then_word(text, i)):
            while text[j] == '-':
                j += 1
        else:
            # The shortest run of non-whitespace ending in a hyphen that
            # may break, before whitespace or the end, or before an
            # em-dash.
            while True:
                if j < n and text[j] == '-' and _hyphen_breaks(text, j):
                    j += 1
                    break
                if j >= n or text[j] in _whitespace:
                    break
                if _is_word_punct(text[j - 1]) and _dashes_then_word(text, j):
                    break
                j += 1
        chunks.append(text[i:j])
        i = j
    return chunks


def _ends_sentence(chunk):
    """`[a-z][.!?]["']?` at the end of the chunk."""
    if chunk[-1:] in ('"', "'"):
        chunk = chunk[:-1]
    return (len(chunk) >= 2 and chunk[-1] in '.!?'
            and 'a' <= chunk[-2] <= 'z')


class TextWrapper:
    """
    Object for wrapping/filling text.  The public interface consists of
    the wrap() and fill() methods; the other methods are just there for
    subclasses to override in order to tweak the default behaviour.
    """

    unicode_whitespace_trans = dict.fromkeys(map(ord, _whitespace), ord(' '))

    def __init__(self,
                 width=70,
                 initial_indent="",
                 subsequent_indent="",
                 expand_tabs=True,
                 replace_whitespace=True,
                 fix_sentence_endings=False,
                 break_long_words=True,
                 drop_whitespace=True,
                 break_on_hyphens=True,
                 tabsize=8,
                 *,
                 max_lines=None,
                 placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = text.translate(self.unicode_whitespace_trans)
        return text

    def _split(self, text):
        return _chunks(text, self.break_on_hyphens is True)

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and _ends_sentence(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        space_left = 1 if width < 1 else width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                # Break after the last hyphen that fits, unless only
                # hyphens come before it.
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and chunk[:hyphen].strip('-'):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            first = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(first) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        todo = chunks[::-1]
        while todo:
            line = []
            size = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            # Whitespace does not start a line after the first.
            if self.drop_whitespace and lines and todo[-1].strip() == '':
                todo.pop()
            while todo and size + len(todo[-1]) <= width:
                size += len(todo[-1])
                line.append(todo.pop())
            if todo and len(todo[-1]) > width:
                self._handle_long_word(todo, line, size, width)
                size = sum(len(c) for c in line)
            if self.drop_whitespace and line and line[-1].strip() == '':
                size -= len(line[-1])
                line.pop()
            if not line:
                continue
            last_allowed = (self.max_lines is None
                            or len(lines) + 1 < self.max_lines)
            rest_empty = (not todo or (self.drop_whitespace and len(todo) == 1
                                       and not todo[0].strip()))
            if last_allowed or (rest_empty and size <= width):
                lines.append(indent + ''.join(line))
                continue
            # The last line allowed: end it with the placeholder.
            while line:
                if line[-1].strip() and size + len(self.placeholder) <= width:
                    line.append(self.placeholder)
                    lines.append(indent + ''.join(line))
                    break
                size -= len(line[-1])
                line.pop()
            else:
                if lines:
                    prev = lines[-1].rstrip()
                    if len(prev) + len(self.placeholder) <= self.width:
                        lines[-1] = prev + self.placeholder
                        break
                lines.append(indent + self.placeholder.lstrip())
            break
        return lines

    def _split_chunks(self, text):
        text = self._munge_whitespace(text)
        return self._split(text)

    def wrap(self, text):
        """Wraps the single paragraph in 'text', returning a list of lines."""
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        """Fills the single paragraph in 'text', returning a single string."""
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    """Wrap a single paragraph of text, returning a list of wrapped lines."""
    w = TextWrapper(width=width, **kwargs)
    return w.wrap(text)


def fill(text, width=70, **kwargs):
    """Fill a single paragraph of text, returning a new string."""
    w = TextWrapper(width=width, **kwargs)
    return w.fill(text)


def shorten(text, width, **kwargs):
    """Collapse and truncate the given text to fit in the given width."""
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def dedent(text):
    """Remove any common leading whitespace from every line in `text`."""
    lines = text.split('\n')
    margin = None
    for k, line in enumerate(lines):
        body = line.lstrip(' \t')
        if not body:
            # Lines of only blanks and tabs become empty.
            lines[k] = ''
            continue
        lead = line[:len(line) - len(body)]
        if margin is None or lead.startswith(margin):
            if margin is None:
                margin = lead
        elif margin.startswith(lead):
            margin = lead
        else:
            common = 0
            for x, y in zip(margin, lead):
                if x != y:
                    break
                common += 1
            margin = margin[:common]
    if margin:
        lines = [line[len(margin):] if line.startswith(margin) else line
                 for line in lines]
    return '\n'.join(lines)


def indent(text, prefix, predicate=None):
    """Adds 'prefix' to the beginning of selected lines in 'text'."""
    if predicate is None:
        def predicate(line):
            return line.strip()
    return ''.join(prefix + line if predicate(line) else line
                   for line in text.splitlines(True))
