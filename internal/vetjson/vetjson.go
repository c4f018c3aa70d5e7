// Package vetjson reads and writes the JSON tree that go vet -json and
// fencecheck -json print: package ID → analyzer name → a list of
// diagnostics, or an error object.
package vetjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Tree maps package IDs to the results of each analyzer on that package.
type Tree map[string]map[string]Result

// Result is one analyzer's outcome on one package: diagnostics, or an
// error.
type Result struct {
	Diagnostics []Diagnostic
	Error       string
}

// Diagnostic is a diagnostic as go vet's JSON prints it.
type Diagnostic struct {
	Category       string           `json:"category,omitempty"`
	Posn           string           `json:"posn"`
	End            string           `json:"end,omitempty"`
	Message        string           `json:"message"`
	SuggestedFixes []SuggestedFix   `json:"suggested_fixes,omitempty"`
	Related        []RelatedMessage `json:"related,omitempty"`
}

// SuggestedFix is a fix of a diagnostic: a message and text edits.
type SuggestedFix struct {
	Message string `json:"message"`
	Edits   []Edit `json:"edits"`
}

// Edit replaces the bytes [Start, End) of a file with New.
type Edit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// RelatedMessage is a related position of a diagnostic.
type RelatedMessage struct {
	Posn    string `json:"posn"`
	End     string `json:"end,omitempty"`
	Message string `json:"message"`
}

// MarshalJSON writes the diagnostics array, or {"error": "…"}.
func (r Result) MarshalJSON() ([]byte, error) {
	if r.Error != "" {
		return json.Marshal(struct {
			Error string `json:"error"`
		}{r.Error})
	}
	if r.Diagnostics == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(r.Diagnostics)
}

// UnmarshalJSON reads either form.
func (r *Result) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '{' {
		var e struct {
			Error string `json:"error"`
		}
		if err := json.Unmarshal(data, &e); err != nil {
			return err
		}
		r.Error = e.Error
		return nil
	}
	return json.Unmarshal(data, &r.Diagnostics)
}

// Decode reads a stream of concatenated trees (go vet -json prints one per
// package) and merges them.
func Decode(r io.Reader) (Tree, error) {
	out := make(Tree)
	dec := json.NewDecoder(r)
	for {
		var t Tree
		err := dec.Decode(&t)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("reading go vet JSON: %w", err)
		}
		out.Merge(t)
	}
}

// Merge adds the results of other to t, dropping diagnostics already
// present for the same analyzer (a file analysed in a package and in its
// test variant).
func (t Tree) Merge(other Tree) {
	for id, analyzers := range other {
		if t[id] == nil {
			t[id] = make(map[string]Result)
		}
		for name, res := range analyzers {
			cur := t[id][name]
			if res.Error != "" {
				cur.Error = res.Error
			}
			cur.Diagnostics = append(cur.Diagnostics, res.Diagnostics...)
			t[id][name] = cur
		}
	}
}

// Finding is a diagnostic with the analyzer and package that produced it.
type Finding struct {
	Package  string
	Analyzer string
	Diagnostic
}

// Findings returns every diagnostic of the tree once, sorted by file,
// line, column, analyzer and message. A diagnostic reported for a package
// and again for its test variant appears once.
func (t Tree) Findings() []Finding {
	var out []Finding
	seen := make(map[string]bool)
	for _, id := range sortedKeys(t) {
		for _, name := range sortedKeys(t[id]) {
			for _, d := range t[id][name].Diagnostics {
				key := name + "\x00" + d.Posn + "\x00" + d.Message
				if seen[key] {
					continue
				}
				seen[key] = true
				out = append(out, Finding{Package: id, Analyzer: name, Diagnostic: d})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return Less(out[i], out[j]) })
	return out
}

// Errors returns "package: analyzer: error" for each failed analysis,
// sorted.
func (t Tree) Errors() []string {
	var out []string
	for _, id := range sortedKeys(t) {
		for _, name := range sortedKeys(t[id]) {
			if e := t[id][name].Error; e != "" {
				out = append(out, id+": "+name+": "+e)
			}
		}
	}
	return out
}

// Less orders findings by file, line, column, analyzer, then message.
func Less(a, b Finding) bool {
	af, al, ac := SplitPosn(a.Posn)
	bf, bl, bc := SplitPosn(b.Posn)
	switch {
	case af != bf:
		return af < bf
	case al != bl:
		return al < bl
	case ac != bc:
		return ac < bc
	case a.Analyzer != b.Analyzer:
		return a.Analyzer < b.Analyzer
	}
	return a.Message < b.Message
}

// SplitPosn splits "file:line:col" (col optional). Malformed positions
// yield the whole string as the file and zero line and column.
func SplitPosn(posn string) (file string, line, col int) {
	file = posn
	i := strings.LastIndexByte(file, ':')
	if i < 0 {
		return posn, 0, 0
	}
	n, err := strconv.Atoi(file[i+1:])
	if err != nil {
		return posn, 0, 0
	}
	file = file[:i]
	j := strings.LastIndexByte(file, ':')
	if j >= 0 {
		if l, err := strconv.Atoi(file[j+1:]); err == nil {
			return file[:j], l, n
		}
	}
	return file, n, 0
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
