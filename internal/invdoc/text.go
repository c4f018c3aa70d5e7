package invdoc

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// WriteJSON prints the document as indented JSON.
func WriteJSON(w io.Writer, doc *Document) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "\t")
	return enc.Encode(doc)
}

// WriteText prints the inventory for people: each scope, how it was
// recognised, its token, key and ends, then every call judged under it
// with its verdict and reason; the writes outside any scope when the
// document has them; and a count of scopes and verdicts.
func WriteText(w io.Writer, doc *Document) error {
	var b strings.Builder
	for _, s := range doc.Scopes {
		writeScope(&b, s)
		if len(s.Writes) == 0 {
			b.WriteString("    no write under this scope\n")
		}
		for _, e := range s.Writes {
			writeEntry(&b, e, "    ")
		}
	}
	if len(doc.Unscoped) > 0 {
		b.WriteString("outside any lease scope:\n")
		for _, e := range doc.Unscoped {
			writeEntry(&b, e, "    ")
		}
	}
	b.WriteString(Summary(doc) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeScope prints a scope's head lines.
func writeScope(b *strings.Builder, s *Scope) {
	in := ""
	if s.Func != "" {
		in = " in " + s.Func
	}
	fmt.Fprintf(b, "%s: lease scope%s: %s\n", s.Posn, in, s.Desc)
	fmt.Fprintf(b, "    %s, recognised by %s: %s\n", s.Kind, s.Recognised.By, s.Recognised.How)
	fmt.Fprintf(b, "    token: %s; key: %s\n", valueText(s.Token), valueText(s.Key))
	for _, e := range s.Ends {
		fmt.Fprintf(b, "    ends at %s: %s\n", lineOnly(e.Posn), e.Message)
	}
}

// valueText renders a token or key.
func valueText(v *Value) string {
	if v == nil || v.Expr == "" {
		return "none found"
	}
	s := v.Expr
	if v.From != "" {
		s += " (" + v.From + ")"
	}
	return s
}

// writeEntry prints one call on a line.
func writeEntry(b *strings.Builder, e *Write, indent string) {
	fmt.Fprintf(b, "%s%s: %s: %s: %s\n", indent, e.Posn, verdictText(e), e.Subject, e.Reason)
	for _, j := range e.JudgedAt {
		fmt.Fprintf(b, "%s    judged at %s: %s\n", indent, j.Posn, j.Message)
	}
}

// verdictText renders a verdict with its rule and suppression.
func verdictText(e *Write) string {
	s := e.Verdict
	if e.Rule != "" {
		s += " (" + e.Rule + ")"
	}
	if e.Ignored != "" {
		s += " [ignored: " + e.Ignored + "]"
	}
	return s
}

// lineOnly drops the column of a position.
func lineOnly(posn string) string {
	file, line, _ := vetjson.SplitPosn(posn)
	if line == 0 {
		return posn
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// Summary counts the scopes and the verdicts of their writes: "3 lease
// scopes (1 with no write); 6 writes: 4 reported, 1 fenced, 1 unjudged".
func Summary(doc *Document) string {
	empty := 0
	counts := make(map[string]int)
	n := 0
	for _, s := range doc.Scopes {
		if len(s.Writes) == 0 {
			empty++
		}
		for _, e := range s.Writes {
			counts[e.Verdict]++
			n++
		}
	}
	s := plural(len(doc.Scopes), "lease scope", "lease scopes")
	if empty > 0 {
		s += fmt.Sprintf(" (%d with no write)", empty)
	}
	s += "; " + plural(n, "write", "writes") + " under them"
	var parts []string
	for _, v := range Verdicts {
		if counts[v] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", counts[v], v))
		}
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	if len(doc.Unscoped) > 0 {
		s += "; " + plural(len(doc.Unscoped), "write", "writes") + " outside any scope"
	}
	return s
}

// plural renders a count with its noun.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Why selects the calls of the document at a line of a file (an absolute
// path): every call there, or, when none is, the nearest call of the file.
// It returns the document of those calls and their scopes, and whether the
// calls are at the line itself.
func Why(doc *Document, file string, line int) (*Document, bool) {
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
	out := &Document{Version: doc.Version, Scopes: []*Scope{}}
	if len(all) == 0 {
		return out, false
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
	best := dist(all[0])
	want := all[0].w.line
	byID := make(map[string]*Scope)
	for _, h := range all {
		if dist(h) != best || best > 0 && h.w.line != want {
			continue
		}
		if h.s == nil {
			out.Unscoped = append(out.Unscoped, h.w)
			continue
		}
		s := byID[h.s.ID]
		if s == nil {
			c := *h.s
			c.Writes = nil
			s = &c
			byID[s.ID] = s
			out.Scopes = append(out.Scopes, s)
		}
		s.Writes = append(s.Writes, h.w)
	}
	return out, best == 0
}

// sameFile reports whether two file names name the same file.
func sameFile(a, b string) bool {
	return filepath.Clean(a) == filepath.Clean(b)
}

// WriteWhy prints the answer of -why for the calls Why selected: for each,
// the call, its verdict and reason, the scope it was judged under and the
// others that reach it, its steps, and where other packages judge it.
// exact is Why's second result; target names the line asked about.
func WriteWhy(w io.Writer, sel *Document, target string, exact bool) error {
	var b strings.Builder
	n := 0
	for _, s := range sel.Scopes {
		n += len(s.Writes)
	}
	n += len(sel.Unscoped)
	switch {
	case n == 0:
		fmt.Fprintf(&b, "%s: no call of this file is under a lease scope fencecheck found, and none writes to a sink it models: it has nothing to judge there\n", target)
	case !exact:
		fmt.Fprintf(&b, "%s: no call there is under a lease scope or writes to a modelled sink; the nearest call fencecheck judged:\n", target)
	}
	for _, s := range sel.Scopes {
		for _, e := range s.Writes {
			writeWhyEntry(&b, e, s)
		}
	}
	for _, e := range sel.Unscoped {
		writeWhyEntry(&b, e, nil)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeWhyEntry prints one call of the answer of -why.
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
