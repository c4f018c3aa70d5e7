package fix

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// context is the number of unchanged lines a hunk shows around a change.
const context = 3

// block is a run of old lines [from, to) replaced by new lines.
type block struct {
	from, to int
	lines    []string
}

// Diff returns the change as a unified diff whose headers name the file
// as "a/NAME" and "b/NAME" (as git does, so "git apply" and "patch -p1"
// accept it). The hunks come from the edits themselves: every line an
// edit touches is shown removed and re-added, with three lines of context.
func (c Change) Diff(name string) string {
	starts := lineStarts(c.Old)
	nlines := len(starts)
	if len(c.Old) > 0 && c.Old[len(c.Old)-1] == '\n' || len(c.Old) == 0 {
		nlines-- // the last start is the end of the file, not a line
	}
	lineOf := func(off int) int { return sort.SearchInts(starts, off+1) - 1 }
	lineEnd := func(i int) int {
		if i+1 < len(starts) {
			return starts[i+1]
		}
		return len(c.Old)
	}

	// Group edits touching the same or adjacent lines into blocks.
	var blocks []block
	for i := 0; i < len(c.edits); {
		first := lineOf(c.edits[i].Start)
		last := lastLine(c.edits[i].Start, c.edits[i].End, lineOf)
		j := i + 1
		for j < len(c.edits) && lineOf(c.edits[j].Start) <= last+1 {
			last = max(last, lastLine(c.edits[j].Start, c.edits[j].End, lineOf))
			j++
		}
		lo, hi := starts[first], lineEnd(last)
		var b bytes.Buffer
		pos := lo
		for _, e := range c.edits[i:j] {
			b.Write(c.Old[pos:e.Start])
			b.WriteString(e.New)
			pos = e.End
		}
		b.Write(c.Old[pos:hi])
		blocks = append(blocks, block{from: first, to: min(last+1, nlines), lines: splitLines(b.String())})
		i = j
	}

	old := splitLines(string(c.Old))
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", name, name)
	delta := 0 // new line number minus old line number, before the hunk
	for i := 0; i < len(blocks); {
		j := i + 1
		for j < len(blocks) && blocks[j].from-blocks[j-1].to <= 2*context {
			j++
		}
		from := max(0, blocks[i].from-context)
		to := min(nlines, blocks[j-1].to+context)
		var body strings.Builder
		oldN, newN := 0, 0
		at := from
		for _, b := range blocks[i:j] {
			for ; at < b.from; at++ {
				writeLine(&body, ' ', old[at])
				oldN++
				newN++
			}
			for ; at < b.to; at++ {
				writeLine(&body, '-', old[at])
				oldN++
			}
			for _, l := range b.lines {
				writeLine(&body, '+', l)
				newN++
			}
		}
		for ; at < to; at++ {
			writeLine(&body, ' ', old[at])
			oldN++
			newN++
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(from, oldN), hunkRange(from+delta, newN))
		out.WriteString(body.String())
		delta += newN - oldN
		i = j
	}
	return out.String()
}

// lastLine returns the last line an edit of [start, end) touches.
func lastLine(start, end int, lineOf func(int) int) int {
	if end > start {
		return lineOf(end - 1)
	}
	return lineOf(start)
}

// hunkRange formats a hunk's line range: the 1-based first line and the
// count, or, for no lines, the line before.
func hunkRange(from, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", from)
	}
	if n == 1 {
		return fmt.Sprintf("%d", from+1)
	}
	return fmt.Sprintf("%d,%d", from+1, n)
}

// writeLine writes a diff line, marking a missing final newline.
func writeLine(b *strings.Builder, op byte, line string) {
	b.WriteByte(op)
	b.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}

// lineStarts returns the offset of each line's start, and the end of the
// file if it ends with a newline.
func lineStarts(data []byte) []int {
	starts := []int{0}
	for i, b := range data {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// splitLines splits text into lines that keep their newlines.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}
