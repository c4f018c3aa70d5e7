// Package configfile reads a project's .fencecheck.yaml: where it is, and
// what flags of the suite it amounts to. The standalone driver uses it and
// passes the flags on; the analyzers never read a file (go vet caches
// their results by flags, and nogo runs them sandboxed).
package configfile

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"gopkg.in/yaml.v3"

	"github.com/fencecheck/fencecheck/internal/config"
)

// FileName is the name of a project's configuration file.
const FileName = ".fencecheck.yaml"

// Entry is one setting of a configuration file as a flag of the suite:
// -Flag=Value, written on line Line of the file.
type Entry struct {
	// Flag is the flag's name as on the command line: an analyzer's name
	// (enable, disable), "fencecheck.FLAG" for the root analyzer's flags,
	// "RULE.FLAG" for a rule's.
	Flag string
	// Value is the flag's value.
	Value string
	// Line is the line of the file the value is on.
	Line int
}

// Arg returns the entry as a command-line argument, -Flag=Value.
func (e Entry) Arg() string { return "-" + e.Flag + "=" + e.Value }

// Find looks for the configuration file from dir upward: the first
// directory that has a .fencecheck.yaml gives it, and the search stops at
// the module root (the first directory with a go.mod), so a module never
// reads the configuration of a module it sits in. It returns "" when there
// is none.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		path := filepath.Join(dir, FileName)
		if fi, err := os.Stat(path); err == nil && !fi.IsDir() {
			return path, nil
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return "", nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// ParseFile reads a configuration file. Its keys are the names the flags
// and the golangci-lint plugin's settings use:
//
//   - enable, disable: lists of analyzer names (the root analyzer
//     "fencecheck" and the rules), as -NAME and -NAME=false;
//   - every flag of the root analyzer (suite[0]), as -fencecheck.FLAG:
//     acquire, release, probe, sink, handler, idempotent and guarded take
//     a list of function names (guarded: NAME:PARAM), fencing-header a
//     string, report-tests a boolean;
//   - a rule's name, mapping its flags to values, as -RULE.FLAG.
//
// A value is a string, number or boolean; a list is one entry per item for
// the function-name flags and is joined with commas for others. Unknown
// keys, analyzers and flags, values of the wrong shape and malformed
// function names are errors that start with name:line. An empty file has
// no entries.
func ParseFile(name string, data []byte, suite []*analysis.Analyzer) ([]Entry, error) {
	p := fileParser{name: name, suite: suite}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, p.errorf(root, "want a mapping of settings (acquire: [...], sink: [...], disable: [...])")
	}
	if err := p.mapping(root, "", func(key *yaml.Node, val *yaml.Node) error {
		return p.top(key, val)
	}); err != nil {
		return nil, err
	}
	return p.entries, nil
}

// fileParser holds the state of ParseFile.
type fileParser struct {
	name    string
	suite   []*analysis.Analyzer
	entries []Entry
}

// errorf returns an error naming the file and the node's line.
func (p *fileParser) errorf(n *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, n.Line, fmt.Sprintf(format, args...))
}

// mapping calls f for each key and value of a mapping node, rejecting
// keys that are not strings and keys given twice.
func (p *fileParser) mapping(n *yaml.Node, what string, f func(key, val *yaml.Node) error) error {
	seen := make(map[string]bool)
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := n.Content[i], n.Content[i+1]
		if key.Kind != yaml.ScalarNode {
			return p.errorf(key, "a key%s must be a name", what)
		}
		if seen[key.Value] {
			return p.errorf(key, "%q given twice", key.Value)
		}
		seen[key.Value] = true
		if err := f(key, val); err != nil {
			return err
		}
	}
	return nil
}

// analyzer returns the suite's analyzer with this name, or nil.
func (p *fileParser) analyzer(name string) *analysis.Analyzer {
	for _, a := range p.suite {
		if a.Name == name {
			return a
		}
	}
	return nil
}

// top handles one top-level key.
func (p *fileParser) top(key, val *yaml.Node) error {
	root := p.suite[0]
	switch {
	case key.Value == "enable" || key.Value == "disable":
		items, err := p.list(key, val)
		if err != nil {
			return err
		}
		for _, it := range items {
			if a := p.analyzer(it.Value); a == nil {
				return p.errorf(it, "%s: unknown analyzer %q (known: %s)", key.Value, it.Value, strings.Join(analyzerNames(p.suite), ", "))
			}
			p.entries = append(p.entries, Entry{Flag: it.Value, Value: fmt.Sprint(key.Value == "enable"), Line: it.Line})
		}
		return nil
	case root.Flags.Lookup(key.Value) != nil:
		return p.flag(root, key, val)
	case p.analyzer(key.Value) != nil && key.Value != root.Name:
		a := p.analyzer(key.Value)
		if val.Kind != yaml.MappingNode {
			return p.errorf(val, "%s: want a mapping of the %s analyzer's flags%s", key.Value, key.Value, flagNames(a))
		}
		return p.mapping(val, " of "+key.Value, func(k, v *yaml.Node) error {
			if a.Flags.Lookup(k.Value) == nil {
				return p.errorf(k, "unknown flag %q of analyzer %s%s", k.Value, a.Name, flagNames(a))
			}
			return p.flag(a, k, v)
		})
	}
	return p.errorf(key, "unknown key %q: want enable, disable, a flag of the %s analyzer%s or a rule's name (%s)",
		key.Value, root.Name, flagNames(root), strings.Join(analyzerNames(p.suite[1:]), ", "))
}

// flag adds the entries of one flag of analyzer a.
func (p *fileParser) flag(a *analysis.Analyzer, key, val *yaml.Node) error {
	full := a.Name + "." + key.Value
	f := a.Flags.Lookup(key.Value)
	fresh := freshValue(f.Value)
	if val.Kind == yaml.SequenceNode && fresh == nil {
		items, err := p.list(key, val)
		if err != nil {
			return err
		}
		vals := make([]string, len(items))
		for i, it := range items {
			vals[i] = it.Value
		}
		p.entries = append(p.entries, Entry{Flag: full, Value: strings.Join(vals, ","), Line: val.Line})
		return nil
	}
	var items []*yaml.Node
	if val.Kind == yaml.SequenceNode {
		var err error
		if items, err = p.list(key, val); err != nil {
			return err
		}
	} else if val.Kind == yaml.ScalarNode && val.Tag != "!!null" {
		items = []*yaml.Node{val}
	} else {
		return p.errorf(val, "%s: want a value or a list of values", key.Value)
	}
	for _, it := range items {
		if fresh != nil {
			// Check the name now, on a value of its own, so that the
			// error names the line.
			if err := fresh().Set(it.Value); err != nil {
				return p.errorf(it, "%s: %v", key.Value, err)
			}
		}
		p.entries = append(p.entries, Entry{Flag: full, Value: it.Value, Line: it.Line})
	}
	return nil
}

// list returns the items of a list of scalars; a single scalar is a list
// of one.
func (p *fileParser) list(key, val *yaml.Node) ([]*yaml.Node, error) {
	switch val.Kind {
	case yaml.ScalarNode:
		if val.Tag == "!!null" {
			return nil, nil
		}
		return []*yaml.Node{val}, nil
	case yaml.SequenceNode:
		for _, it := range val.Content {
			if it.Kind != yaml.ScalarNode || it.Tag == "!!null" {
				return nil, p.errorf(it, "%s: want a list of names", key.Value)
			}
		}
		return val.Content, nil
	}
	return nil, p.errorf(val, "%s: want a list", key.Value)
}

// freshValue returns a constructor of empty values of the same type as
// v for the flags that name functions (see config.NewLike); nil for other
// flags.
func freshValue(v flag.Value) func() flag.Value {
	if config.NewLike(v) == nil {
		return nil
	}
	return func() flag.Value { return config.NewLike(v) }
}

// analyzerNames returns the analyzers' names.
func analyzerNames(as []*analysis.Analyzer) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}

// flagNames lists an analyzer's flags for an error message.
func flagNames(a *analysis.Analyzer) string {
	var fs []string
	a.Flags.VisitAll(func(f *flag.Flag) { fs = append(fs, f.Name) })
	if len(fs) == 0 {
		return " (it has none)"
	}
	sort.Strings(fs)
	return " (" + strings.Join(fs, ", ") + ")"
}
