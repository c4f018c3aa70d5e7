package invdoc

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// Answer is what fencecheck -why says about one line.
type Answer struct {
	// Target is the line asked about, "file:line" as printed.
	Target string
	// Begins are the scopes that begin at the line (an acquisition or a
	// handler there), with every write under them.
	Begins []*Scope
	// Calls holds the calls selected (those at the line, else the nearest
	// calls of the file) under copies of their scopes, and those outside
	// any scope in Unscoped.
	Calls *Document
	// Exact reports whether the calls are at the line.
	Exact bool
}

// nearLines is how far from the line asked about -why looks for the
// nearest call.
const nearLines = 5

// Why answers for a line of a file (an absolute path): the scopes that
// begin there and the calls there (the innermost, when calls spanning
// several lines cover it), or, when neither is, the nearest calls of the
// file within nearLines lines. target names the line in the output.
func Why(doc *Document, file string, line int, target string) *Answer {
	a := &Answer{Target: target, Calls: &Document{Version: doc.Version, Scopes: []*Scope{}}}
	for _, s := range doc.Scopes {
		if sameFile(s.file, file) && s.line <= line && line <= s.endLine {
			a.Begins = append(a.Begins, s)
		}
	}
	type hit struct {
		w *Write
		s *Scope
	}
	var all []hit
	for _, s := range doc.Scopes {
		for _, w := range s.Writes {
			if sameFile(w.file, file) {
				all = append(all, hit{w, s})
			}
		}
	}
	for _, w := range doc.Unscoped {
		if sameFile(w.file, file) {
			all = append(all, hit{w, nil})
		}
	}
	if len(all) == 0 {
		return a
	}
	dist := func(h hit) int {
		switch {
		case line < h.w.line:
			return h.w.line - line
		case line > h.w.end:
			return line - h.w.end
		}
		return 0
	}
	sort.SliceStable(all, func(i, j int) bool { return dist(all[i]) < dist(all[j]) })
	best, want := dist(all[0]), all[0].w.line
	if best > nearLines {
		return a // nothing near: the nearest call would belong to other code
	}
	a.Exact = best == 0
	span := 0 // of the innermost calls covering the line
	if a.Exact {
		span = -1
		for _, h := range all {
			if dist(h) == 0 && (span < 0 || h.w.end-h.w.line < span) {
				span = h.w.end - h.w.line
			}
		}
	}
	if !a.Exact && len(a.Begins) > 0 {
		return a // the line is where a scope begins: that is the answer
	}
	byID := make(map[string]*Scope)
	for _, h := range all {
		if dist(h) != best || best > 0 && h.w.line != want || best == 0 && h.w.end-h.w.line != span {
			continue
		}
		if h.s == nil {
			a.Calls.Unscoped = append(a.Calls.Unscoped, h.w)
			continue
		}
		s := byID[h.s.ID]
		if s == nil {
			c := *h.s
			c.Writes = nil
			s = &c
			byID[s.ID] = s
			a.Calls.Scopes = append(a.Calls.Scopes, s)
		}
		s.Writes = append(s.Writes, h.w)
	}
	return a
}

// Document returns the answer as a document: the scopes that begin at the
// line with all their writes, then the scopes of the calls selected with
// those calls.
func (a *Answer) Document() *Document {
	out := &Document{Version: Version, Scopes: []*Scope{}, Unscoped: a.Calls.Unscoped}
	seen := make(map[string]bool)
	for _, s := range a.Begins {
		seen[s.ID] = true
		out.Scopes = append(out.Scopes, s)
	}
	for _, s := range a.Calls.Scopes {
		if !seen[s.ID] {
			out.Scopes = append(out.Scopes, s)
		}
	}
	sort.SliceStable(out.Scopes, func(i, j int) bool { return lessPosn(out.Scopes[i].Posn, out.Scopes[j].Posn) })
	return out
}

// sameFile reports whether two file names name the same file.
func sameFile(a, b string) bool {
	return filepath.Clean(a) == filepath.Clean(b)
}

// WriteWhy prints the answer for people: each scope that begins at the
// line, with the verdicts of its writes; then each call selected: the
// call, its verdict and reason, the scope it was judged under and the
// others that reach it, its steps, and where it is judged elsewhere.
func WriteWhy(w io.Writer, a *Answer) error {
	var b strings.Builder
	n := len(a.Calls.Unscoped)
	for _, s := range a.Calls.Scopes {
		n += len(s.Writes)
	}
	for _, s := range a.Begins {
		writeScope(&b, s)
		fmt.Fprintf(&b, "    %s\n", writesText(s))
		for _, e := range s.Writes {
			writeEntry(&b, e, "    ")
		}
	}
	switch {
	case n == 0 && len(a.Begins) == 0:
		fmt.Fprintf(&b, "%s: no call at or near this line is under a lease scope fencecheck found, writes to a sink it models, or is a call it could not judge: it has nothing to say there\n", a.Target)
	case n > 0 && !a.Exact:
		fmt.Fprintf(&b, "%s: no call there is in the inventory; the nearest call fencecheck judged:\n", a.Target)
	}
	for _, s := range a.Calls.Scopes {
		for _, e := range s.Writes {
			writeWhyEntry(&b, e, s)
		}
	}
	for _, e := range a.Calls.Unscoped {
		writeWhyEntry(&b, e, nil)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writesText counts the writes of a scope by verdict: "6 writes under it:
// 4 reported, 1 fenced, 1 unjudged".
func writesText(s *Scope) string {
	counts := make(map[string]int)
	for _, e := range s.Writes {
		counts[e.Verdict]++
	}
	out := plural(len(s.Writes), "write", "writes") + " under it"
	var parts []string
	for _, v := range Verdicts {
		if counts[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[v], v))
		}
	}
	if len(parts) > 0 {
		out += ": " + strings.Join(parts, ", ")
	}
	return out
}

// writeWhyEntry prints one call of the answer.
func writeWhyEntry(b *strings.Builder, e *Write, s *Scope) {
	fmt.Fprintf(b, "%s: %s\n", e.Posn, e.Subject)
	fmt.Fprintf(b, "    verdict: %s: %s\n", verdictText(e), e.Reason)
	switch {
	case s == nil && len(e.JudgedAt) > 0:
		b.WriteString("    scope: none in its package; it is reached under a lease, and judged, where it is called (below)\n")
	case s == nil:
		b.WriteString("    scope: none: no lease scope fencecheck found reaches this call\n")
	default:
		in := ""
		if s.Func != "" {
			in = " in " + s.Func
		}
		fmt.Fprintf(b, "    scope: %s: %s (%s%s, recognised by %s: %s)\n", s.Posn, s.Desc, s.Kind, in, s.Recognised.By, s.Recognised.How)
		fmt.Fprintf(b, "        token: %s; key: %s\n", valueText(s.Token), valueText(s.Key))
	}
	for _, a := range e.Also {
		fmt.Fprintf(b, "    also reached from %s: %s\n", a.Posn, a.Message)
	}
	if len(e.Steps) > 0 {
		b.WriteString("    steps:\n")
		for _, st := range e.Steps {
			fmt.Fprintf(b, "        %s: %s\n", lineOnly(st.Posn), st.Message)
		}
		fmt.Fprintf(b, "        %s: %s\n", lineOnly(e.Posn), e.Subject)
	}
	for _, j := range e.JudgedAt {
		fmt.Fprintf(b, "    judged at %s: %s\n", j.Posn, j.Message)
	}
}

// scopeLines returns the file and lines of a scope's position and end.
func scopeLines(posn, end string) (string, int, int) {
	file, line, _ := vetjson.SplitPosn(posn)
	_, last, _ := vetjson.SplitPosn(end)
	if last < line {
		last = line
	}
	return file, line, last
}
