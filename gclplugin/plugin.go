// Package gclplugin registers fencecheck as a golangci-lint v2 module
// plugin named "fencecheck".
//
// Build a golangci-lint binary that includes it with a .custom-gcl.yml:
//
//	version: v2.15.0
//	plugins:
//	  - module: github.com/fencecheck/fencecheck
//	    import: github.com/fencecheck/fencecheck/gclplugin
//	    version: v0.1.0
//
// and enable it in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable: [fencecheck]
//	  settings:
//	    custom:
//	      fencecheck:
//	        type: module
//	        settings:
//	          disable: [unfenced]
//
// # Settings
//
// The settings use the vocabulary of the command-line flags, and are the
// keys of a project's .fencecheck.yaml, so one name means the same thing
// under go vet, the standalone driver, nogo and golangci-lint:
//
//   - enable: a list of analyzer names (the root analyzer "fencecheck" and
//     one per rule, such as "unfenced"); when given, only those run, as
//     with -NAME on the command line.
//   - disable: a list of analyzer names that do not run, as with
//     -NAME=false. It applies after enable.
//   - every flag of the root analyzer (-fencecheck.FLAG) is a key of its
//     own: FLAG: value.
//   - the flags of a rule's analyzer (-RULE.FLAG) go in a map under the
//     rule's name: RULE: {FLAG: value}.
//
// A value is a string, a number, a boolean, or a list, which is passed to
// the flag joined with commas. Unknown keys, analyzers and flags are
// errors, so a typo fails the run instead of being ignored.
//
// golangci-lint reports every analyzer of the suite as the one linter
// "fencecheck" (so //nolint:fencecheck suppresses them all) and prefixes
// the message of each rule's findings with the rule's name. The plugin
// writes a finding's path into its message, compactly ("…; path:
// worker.go:23 lease taken by queue.Claim → worker.go:31 token obtained"),
// because golangci-lint would otherwise report each related position as a
// separate issue that a //nolint at the finding does not cover.
package gclplugin

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/analyzer"
)

// Name is the linter name the plugin registers; it is the key under
// linters.settings.custom in .golangci.yml and the name //nolint takes.
const Name = "fencecheck"

func init() {
	register.Plugin(Name, New)
}

// Settings are the plugin's decoded settings.
type Settings struct {
	// Enable names the only analyzers to run; empty means all.
	Enable []string
	// Disable names analyzers not to run.
	Disable []string
	// Flags maps a flag's full name, as on the command line
	// ("fencecheck.FLAG" or "RULE.FLAG"), to its value.
	Flags map[string]string
}

// UnmarshalJSON decodes the settings object: enable, disable, the root
// analyzer's flags by name, and maps of flags under rule names. Names that
// are neither are errors.
func (s *Settings) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := strictDecode(data, &raw); err != nil {
		return err
	}
	if raw == nil {
		return nil // null: no settings
	}
	suite := analyzer.Suite()
	byName := make(map[string]*analysis.Analyzer, len(suite))
	for _, a := range suite {
		byName[a.Name] = a
	}
	root := suite[0]
	for _, key := range sortedKeys(raw) {
		val := raw[key]
		switch {
		case key == "enable" || key == "disable":
			var list []string
			if err := strictDecode(val, &list); err != nil {
				return fmt.Errorf("%s: want a list of analyzer names: %v", key, err)
			}
			for _, n := range list {
				if byName[n] == nil {
					return fmt.Errorf("%s: unknown analyzer %q (known: %s)", key, n, strings.Join(names(suite), ", "))
				}
			}
			if key == "enable" {
				s.Enable = list
			} else {
				s.Disable = list
			}
		case root.Flags.Lookup(key) != nil:
			v, err := flagValue(val)
			if err != nil {
				return fmt.Errorf("%s: %v", key, err)
			}
			s.setFlag(root.Name+"."+key, v)
		case byName[key] != nil && key != root.Name:
			var flags map[string]json.RawMessage
			if err := strictDecode(val, &flags); err != nil {
				return fmt.Errorf("%s: want a map of the %s analyzer's flags: %v", key, key, err)
			}
			a := byName[key]
			for _, f := range sortedKeys(flags) {
				if a.Flags.Lookup(f) == nil {
					return fmt.Errorf("%s: unknown flag %q of analyzer %s%s", key, f, key, flagList(a))
				}
				v, err := flagValue(flags[f])
				if err != nil {
					return fmt.Errorf("%s.%s: %v", key, f, err)
				}
				s.setFlag(key+"."+f, v)
			}
		default:
			return fmt.Errorf("unknown setting %q: want enable, disable, a flag of the %s analyzer%s or an analyzer name (%s)",
				key, root.Name, flagList(root), strings.Join(names(suite[1:]), ", "))
		}
	}
	return nil
}

// setFlag records a flag value.
func (s *Settings) setFlag(name, value string) {
	if s.Flags == nil {
		s.Flags = make(map[string]string)
	}
	s.Flags[name] = value
}

// plugin is the registered linter plugin.
type plugin struct {
	settings Settings
}

// New decodes the settings golangci-lint passes (the YAML under
// linters.settings.custom.fencecheck.settings, or nil) and returns the
// plugin. It is what the plugin registers.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("fencecheck settings: %w", err)
	}
	return &plugin{settings: s}, nil
}

// flagsMu serialises flag updates: the analyzers, and so their flags, are
// shared by every plugin instance of the process.
var flagsMu sync.Mutex

// BuildAnalyzers sets the configured flags and returns the analyzers to
// run: the suite, less what enable and disable leave out.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	suite := analyzer.Suite()
	byName := make(map[string]*analysis.Analyzer, len(suite))
	for _, a := range suite {
		byName[a.Name] = a
	}
	flagsMu.Lock()
	defer flagsMu.Unlock()
	for _, name := range sortedKeys(p.settings.Flags) {
		aname, fname, _ := strings.Cut(name, ".")
		a := byName[aname]
		if a == nil {
			return nil, fmt.Errorf("fencecheck settings: unknown analyzer %q", aname)
		}
		if err := a.Flags.Set(fname, p.settings.Flags[name]); err != nil {
			return nil, fmt.Errorf("fencecheck settings: %s: %w", name, err)
		}
	}
	var out []*analysis.Analyzer
	for _, a := range suite {
		if len(p.settings.Enable) > 0 && !slices.Contains(p.settings.Enable, a.Name) {
			continue
		}
		if slices.Contains(p.settings.Disable, a.Name) {
			continue
		}
		out = append(out, foldRelated(a))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("fencecheck settings: enable and disable leave no analyzer to run; disable the linter instead")
	}
	return out, nil
}

// foldRelated returns a copy of a that writes each diagnostic's path (its
// related positions: where the lease was taken, where the token came from
// or the check was made) into the message instead of reporting them as
// related information. golangci-lint turns every related position into an
// issue of its own, on its own line, which a //nolint:fencecheck at the
// finding does not suppress.
func foldRelated(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Message += compactPath(pass.Fset, d.Related)
			d.Related = nil
			pass.Report(d)
		}
		return a.Run(&p)
	}
	return &w
}

// compactPath renders related positions as one suffix of a message:
//
//	; path: worker.go:23 lease taken by queue.Claim → worker.go:31 token obtained
//
// a step per position, in order, each the file's base name and line, then
// the step's message without "here" (the position says where). The write
// is the finding itself, at the issue's own position, so it is not
// repeated. No related positions, no suffix.
func compactPath(fset *token.FileSet, related []analysis.RelatedInformation) string {
	if len(related) == 0 {
		return ""
	}
	steps := make([]string, 0, len(related))
	for _, r := range related {
		msg := compactStep(r.Message)
		if pos := fset.Position(r.Pos); pos.IsValid() {
			msg = fmt.Sprintf("%s:%d %s", filepath.Base(pos.Filename), pos.Line, msg)
		}
		steps = append(steps, msg)
	}
	return "; path: " + strings.Join(steps, " → ")
}

// compactStep drops the word "here" from a step's message: "lease taken
// here by X" becomes "lease taken by X", "token obtained here" "token
// obtained".
func compactStep(msg string) string {
	if m, ok := strings.CutSuffix(msg, " here"); ok {
		return m
	}
	return strings.Replace(msg, " here ", " ", 1)
}

// GetLoadMode asks for type information: the analyzers need types and
// SSA.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// strictDecode decodes JSON into v, rejecting unknown fields.
func strictDecode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	return dec.Decode(v)
}

// flagValue turns a JSON scalar or list into a flag value: strings as they
// are, numbers and booleans in Go syntax, lists joined with commas.
func flagValue(data json.RawMessage) (string, error) {
	var v any
	if err := strictDecode(data, &v); err != nil {
		return "", err
	}
	switch v := v.(type) {
	case nil:
		return "", fmt.Errorf("no value")
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case json.Number:
		return v.String(), nil
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			p, err := flagValue(mustMarshal(e))
			if err != nil {
				return "", err
			}
			if _, isList := e.([]any); isList {
				return "", fmt.Errorf("nested list")
			}
			parts[i] = p
		}
		return strings.Join(parts, ","), nil
	}
	return "", fmt.Errorf("want a string, number, boolean or list, not %s", string(data))
}

// mustMarshal re-encodes a decoded JSON value.
func mustMarshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // decoded JSON always re-encodes
	}
	return b
}

// names returns the analyzers' names.
func names(as []*analysis.Analyzer) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}

// flagList describes an analyzer's flags for an error message.
func flagList(a *analysis.Analyzer) string {
	var fs []string
	a.Flags.VisitAll(func(f *flag.Flag) { fs = append(fs, f.Name) })
	if len(fs) == 0 {
		return " (it has none)"
	}
	return " (" + strings.Join(fs, ", ") + ")"
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
