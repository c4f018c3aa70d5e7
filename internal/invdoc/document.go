package invdoc

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// Version is the version of the document's structure. It changes only
// when a field changes meaning or goes away; new fields may be added.
const Version = 1

// Document is the lease inventory of a run: its JSON form is what
// fencecheck -leases -format=json prints, and the schema (Schema) describes
// it. Positions are "file:line:col", the file relative to the directory
// the paths were made relative to when below it; scopes and writes are in
// position order, so two runs diff line by line.
type Document struct {
	// Version is Version.
	Version int `json:"version"`
	// Scopes are the lease scopes found.
	Scopes []*Scope `json:"scopes"`
	// Unscoped are the writes made outside any scope; present only when
	// asked for (-leases=all).
	Unscoped []*Write `json:"unscoped,omitempty"`
}

// Scope is one lease scope.
type Scope struct {
	// ID identifies the scope within the document: its position.
	ID string `json:"id"`
	// Posn and End delimit where it begins (the acquisition call, or the
	// handler's name).
	Posn string `json:"posn"`
	End  string `json:"end,omitempty"`
	// Package is the package it was found in.
	Package string `json:"package"`
	// Func is the function it begins in; empty for a scope of another
	// package.
	Func string `json:"func,omitempty"`
	// Kind is acquisition, handler, carrier, receive or foreign.
	Kind string `json:"kind"`
	// Desc describes the lease ("lease taken here by queue.Claim").
	Desc string `json:"desc"`
	// Recognised says how it was recognised.
	Recognised Recognition `json:"recognised"`
	// Token and Key are what the claim yields; null when none was found.
	Token *Value `json:"token"`
	Key   *Value `json:"key"`
	// Ends are where it ends.
	Ends []Step `json:"ends"`
	// Writes are the calls judged under it, writes and calls that may
	// write, each with its verdict.
	Writes []*Write `json:"writes"`

	// file, line and endLine locate it for -why.
	file          string
	line, endLine int
}

// Recognition is how a scope was recognised.
type Recognition struct {
	// By is catalogue, structure, directive, flag or fact.
	By string `json:"by"`
	// How is the detail.
	How string `json:"how"`
}

// Value is an expression of the source.
type Value struct {
	Expr string `json:"expr"`
	From string `json:"from,omitempty"`
	Posn string `json:"posn"`
}

// Step is a position and what happens there.
type Step struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// Write is one call of the inventory.
type Write struct {
	Posn    string `json:"posn"`
	End     string `json:"end,omitempty"`
	Package string `json:"package"`
	Func    string `json:"func,omitempty"`
	Callee  string `json:"callee"`
	Subject string `json:"subject"`
	// Verdict is one of Verdicts; Rule names the rule of a reported one.
	Verdict string `json:"verdict"`
	Rule    string `json:"rule,omitempty"`
	// Guard is none, state, token, transaction or helper, for a write.
	Guard string `json:"guard,omitempty"`
	// Reason explains the verdict.
	Reason string `json:"reason"`
	// Ignored is the reason of the //fencecheck:ignore that suppresses a
	// reported write's finding.
	Ignored string `json:"ignored,omitempty"`
	// Scope is the ID of the scope it was judged under; empty outside any.
	Scope string `json:"scope,omitempty"`
	// Also are the other scopes that reach it.
	Also []Step `json:"also,omitempty"`
	// Steps are its path: the lease, the calls that carried it, the path
	// into another package, the token's origin or the check.
	Steps []Step `json:"steps"`
	// JudgedAt are the entries elsewhere that judge this call: for an
	// interface call, where an implementation is converted to it; for a
	// call outside any scope in a helper, the calls of the helper made
	// under a lease.
	JudgedAt []Step `json:"judged_at,omitempty"`

	// file, line and end locate the call for -why (its first and last
	// lines); judges is the call a conversion judges, "file:line" with an
	// absolute file.
	file      string
	line, end int
	judges    string
	// steps are the steps with their absolute positions.
	steps []Step
}

// Rel makes an absolute file name relative for output.
type Rel func(file string) string

// Decode builds the inventory from the findings of a run: the diagnostics
// of the analyzer named analyzer in the category Category. rel shortens
// file names (nil keeps them).
func Decode(findings []vetjson.Finding, analyzer string, rel Rel) *Document {
	if rel == nil {
		rel = func(f string) string { return f }
	}
	posn := func(p string) string {
		file, line, col := vetjson.SplitPosn(p)
		if line == 0 {
			return p
		}
		return fmt.Sprintf("%s:%d:%d", filepath.ToSlash(rel(file)), line, col)
	}
	doc := &Document{Version: Version, Scopes: []*Scope{}}
	byID := make(map[string]*Scope)
	var writes []*Write
	for _, f := range findings {
		if f.Analyzer != analyzer || f.Category != Category {
			continue
		}
		fields := parseFields(f)
		if _, ok := fields.first(FieldKind); ok {
			s := decodeScope(f, fields, posn)
			if byID[s.ID] == nil {
				byID[s.ID] = s
				doc.Scopes = append(doc.Scopes, s)
			}
			continue
		}
		if _, ok := fields.first(FieldVerdict); ok {
			writes = append(writes, decodeWrite(f, fields, posn))
		}
	}
	seen := make(map[string]bool)
	for _, w := range writes {
		key := w.Posn + "\x00" + w.Subject + "\x00" + w.Verdict + "\x00" + w.Scope
		if seen[key] {
			continue // a package and its test variant
		}
		seen[key] = true
		if w.Scope == "" {
			doc.Unscoped = append(doc.Unscoped, w)
			continue
		}
		s := byID[w.Scope]
		if s == nil {
			s = &Scope{ID: w.Scope, Posn: w.Scope, Package: w.Package, Kind: "foreign", Desc: "a lease of another package",
				Recognised: Recognition{By: "fact", How: "a lease another package holds when it runs this code"}}
			byID[w.Scope] = s
			doc.Scopes = append(doc.Scopes, s)
		}
		s.Writes = append(s.Writes, w)
	}
	link(writes)
	sort.SliceStable(doc.Scopes, func(i, j int) bool { return lessPosn(doc.Scopes[i].Posn, doc.Scopes[j].Posn) })
	for _, s := range doc.Scopes {
		if s.Writes == nil {
			s.Writes = []*Write{}
		}
		if s.Ends == nil {
			s.Ends = []Step{}
		}
		sort.SliceStable(s.Writes, func(i, j int) bool { return lessPosn(s.Writes[i].Posn, s.Writes[j].Posn) })
	}
	sort.SliceStable(doc.Unscoped, func(i, j int) bool { return lessPosn(doc.Unscoped[i].Posn, doc.Unscoped[j].Posn) })
	return doc
}

// link records on each call the entries elsewhere that judge it, matched
// by file and line: the conversions of other packages that judge an
// interface call (FieldJudges), and, for a call made outside any scope in
// a helper, the calls of the helper made under a lease whose last step is
// that call ("the write: …", "the call: …").
func link(writes []*Write) {
	at := make(map[string][]*Write)
	for _, w := range writes {
		key := fmt.Sprintf("%s:%d", w.file, w.line)
		at[key] = append(at[key], w)
	}
	judged := func(j *Write) Step {
		v := j.Verdict
		if j.Rule != "" {
			v += " (" + j.Rule + ")"
		}
		return Step{Posn: j.Posn, Message: v + ": " + j.Subject + ": " + j.Reason}
	}
	for _, j := range writes {
		if j.judges != "" {
			for _, w := range at[j.judges] {
				if w.Verdict == "unjudged" {
					w.JudgedAt = append(w.JudgedAt, judged(j))
				}
			}
		}
		if j.Scope == "" {
			continue
		}
		for _, st := range j.steps {
			if !strings.HasPrefix(st.Message, "the write: ") && !strings.HasPrefix(st.Message, "the call: ") {
				continue
			}
			file, line, _ := vetjson.SplitPosn(st.Posn)
			for _, w := range at[fmt.Sprintf("%s:%d", file, line)] {
				if w.Scope == "" && w != j {
					w.JudgedAt = append(w.JudgedAt, judged(j))
				}
			}
		}
	}
}

// fieldList is the fields of a diagnostic, in order.
type fieldList []field

// field is one field with its position.
type field struct {
	name, value, posn string
}

// first returns the first value of the field.
func (fs fieldList) first(name string) (field, bool) {
	for _, f := range fs {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}

// value returns the first value of the field, or "".
func (fs fieldList) value(name string) string {
	f, _ := fs.first(name)
	return f.value
}

// steps returns every value of the field with its position.
func (fs fieldList) steps(name string, posn func(string) string) []Step {
	var out []Step
	for _, f := range fs {
		if f.name == name {
			out = append(out, Step{Posn: posn(f.posn), Message: f.value})
		}
	}
	return out
}

// parseFields reads the fields of a diagnostic's related positions.
func parseFields(f vetjson.Finding) fieldList {
	var out fieldList
	for _, r := range f.Related {
		if name, value, ok := SplitField(r.Message); ok {
			out = append(out, field{name: name, value: value, posn: r.Posn})
		}
	}
	return out
}

// decodeScope builds a scope from its diagnostic.
func decodeScope(f vetjson.Finding, fs fieldList, posn func(string) string) *Scope {
	s := &Scope{
		ID: posn(f.Posn), Posn: posn(f.Posn), End: posn(f.End), Package: f.Package,
		Func: fs.value(FieldFunc), Kind: fs.value(FieldKind),
		Desc: strings.TrimPrefix(f.Message, ScopePrefix),
		Ends: fs.steps(FieldEnds, posn),
	}
	s.file, s.line, s.endLine = scopeLines(f.Posn, f.End)
	by, how, _ := strings.Cut(fs.value(FieldRecognised), ": ")
	s.Recognised = Recognition{By: by, How: how}
	if t, ok := fs.first(FieldToken); ok {
		s.Token = &Value{Expr: t.value, From: fs.value(FieldTokenFrom), Posn: posn(t.posn)}
	}
	if k, ok := fs.first(FieldKey); ok {
		s.Key = &Value{Expr: k.value, From: fs.value(FieldKeyFrom), Posn: posn(k.posn)}
	}
	return s
}

// decodeWrite builds a call from its diagnostic.
func decodeWrite(f vetjson.Finding, fs fieldList, posn func(string) string) *Write {
	file, line, _ := vetjson.SplitPosn(f.Posn)
	_, end, _ := vetjson.SplitPosn(f.End)
	if end < line {
		end = line
	}
	w := &Write{
		Posn: posn(f.Posn), End: posn(f.End), Package: f.Package,
		Func: fs.value(FieldFunc), Callee: fs.value(FieldCallee), Subject: fs.value(FieldSubject),
		Verdict: fs.value(FieldVerdict), Rule: fs.value(FieldRule), Guard: fs.value(FieldGuard),
		Reason: fs.value(FieldReason), Ignored: fs.value(FieldIgnored),
		Also: fs.steps(FieldAlso, posn), Steps: fs.steps(FieldStep, posn),
		file: file, line: line, end: end,
		steps: fs.steps(FieldStep, func(p string) string { return p }),
	}
	if w.Steps == nil {
		w.Steps = []Step{}
	}
	if sc, ok := fs.first(FieldScope); ok {
		w.Scope = posn(sc.posn)
	}
	if j := fs.value(FieldJudges); j != "" {
		jf, jl, _ := vetjson.SplitPosn(j)
		w.judges = fmt.Sprintf("%s:%d", jf, jl)
	}
	return w
}

// lessPosn orders "file:line:col" positions.
func lessPosn(a, b string) bool {
	af, al, ac := vetjson.SplitPosn(a)
	bf, bl, bc := vetjson.SplitPosn(b)
	switch {
	case af != bf:
		return af < bf
	case al != bl:
		return al < bl
	}
	return ac < bc
}
