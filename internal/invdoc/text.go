package invdoc

import (
	"encoding/json"
	"fmt"
	"io"
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
