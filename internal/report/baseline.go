package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// BaselineVersion is the version of the baseline file format.
const BaselineVersion = 1

// Key identifies a finding without its line and column, so that editing
// code above a finding does not make it new: the rule, the file (relative
// to the root, with forward slashes), the function declaration enclosing
// the finding (see Files.Func) and the message.
type Key struct {
	Rule     string `json:"rule"`
	File     string `json:"file"`
	Function string `json:"function,omitempty"`
	Message  string `json:"message"`
}

// Entry is a key and how many findings had it.
type Entry struct {
	Key
	Count int `json:"count"`
}

// Baseline records the findings accepted at one point in time.
type Baseline struct {
	// Version is BaselineVersion.
	Version int `json:"version"`
	// Findings are the entries, sorted by key, one per key.
	Findings []Entry `json:"findings"`
}

// KeyOf returns a finding's baseline key.
func KeyOf(f vetjson.Finding, files *Files) Key {
	file, line, col := vetjson.SplitPosn(f.Posn)
	rel, _ := files.Rel(file)
	return Key{Rule: f.Analyzer, File: rel, Function: files.Func(file, line, col), Message: f.Message}
}

// NewBaseline returns the baseline of the findings.
func NewBaseline(findings []vetjson.Finding, files *Files) *Baseline {
	counts := make(map[Key]int)
	for _, f := range findings {
		counts[KeyOf(f, files)]++
	}
	b := &Baseline{Version: BaselineVersion, Findings: make([]Entry, 0, len(counts))}
	for k, n := range counts {
		b.Findings = append(b.Findings, Entry{Key: k, Count: n})
	}
	slices.SortFunc(b.Findings, func(x, y Entry) int { return compareKeys(x.Key, y.Key) })
	return b
}

// compareKeys orders keys by file, function, rule and message.
func compareKeys(a, b Key) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Function, b.Function),
		cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Message, b.Message))
}

// ReadBaseline reads a baseline file's content.
func ReadBaseline(r io.Reader) (*Baseline, error) {
	var b Baseline
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("reading baseline: %w", err)
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("reading baseline: version %d, want %d", b.Version, BaselineVersion)
	}
	for _, e := range b.Findings {
		if e.Count < 1 || e.Rule == "" || e.File == "" {
			return nil, fmt.Errorf("reading baseline: bad entry %+v", e)
		}
	}
	return &b, nil
}

// Write writes the baseline as indented JSON, one entry per key, in a
// stable order so that the file diffs well under version control.
func (b *Baseline) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(b)
}

// Len returns the number of findings the baseline accepts.
func (b *Baseline) Len() int {
	n := 0
	for _, e := range b.Findings {
		n += e.Count
	}
	return n
}

// Filter returns the findings that are new relative to the baseline, in
// their order, and the baseline entries that no longer occur (with the
// number of findings missing). A key recorded n times accepts its first n
// findings, in the findings' order (by position); the others are new, so a
// second identical finding in the same function is reported.
func (b *Baseline) Filter(findings []vetjson.Finding, files *Files) (fresh []vetjson.Finding, gone []Entry) {
	left := make(map[Key]int, len(b.Findings))
	for _, e := range b.Findings {
		left[e.Key] += e.Count
	}
	for _, f := range findings {
		k := KeyOf(f, files)
		if left[k] > 0 {
			left[k]--
			continue
		}
		fresh = append(fresh, f)
	}
	for _, e := range b.Findings {
		if n := left[e.Key]; n > 0 {
			gone = append(gone, Entry{Key: e.Key, Count: n})
			left[e.Key] = 0
		}
	}
	return fresh, gone
}
