package gclplugin_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fencecheck/fencecheck/analyzer"
	"github.com/fencecheck/fencecheck/gclplugin"
	"github.com/fencecheck/fencecheck/passes/unfenced"
)

// build creates the registered plugin from settings and builds its
// analyzers.
func build(t *testing.T, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin(gclplugin.Name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

func analyzerNames(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestSelection(t *testing.T) {
	var all []string
	for _, a := range analyzer.Suite() {
		all = append(all, a.Name)
	}
	for _, tc := range []struct {
		name     string
		settings any
		want     []string
	}{
		{"nil settings", nil, all},
		{"empty settings", map[string]any{}, all},
		{"disable a rule", map[string]any{"disable": []any{unfenced.Name}}, slices.DeleteFunc(slices.Clone(all), func(n string) bool { return n == unfenced.Name })},
		{"enable only a rule", map[string]any{"enable": []any{unfenced.Name}}, []string{unfenced.Name}},
		{"disable the root", map[string]any{"disable": []any{"fencecheck"}}, all[1:]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			as, err := build(t, tc.settings)
			if err != nil {
				t.Fatal(err)
			}
			if got := analyzerNames(as); !slices.Equal(got, tc.want) {
				t.Errorf("analyzers = %v, want %v", got, tc.want)
			}
			if err := analysis.Validate(as); err != nil {
				t.Errorf("invalid analyzers: %v", err)
			}
		})
	}
}

func TestSettingsErrors(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings any
		want     string
	}{
		{"unknown key", map[string]any{"disabel": []any{"unfenced"}}, `unknown setting "disabel"`},
		{"unknown analyzer", map[string]any{"disable": []any{"nosuchrule"}}, `unknown analyzer "nosuchrule"`},
		{"not a list", map[string]any{"enable": "unfenced"}, "want a list of analyzer names"},
		{"unknown rule flag", map[string]any{unfenced.Name: map[string]any{"bogus": 1}}, `unknown flag "bogus"`},
		{"rule not a map", map[string]any{unfenced.Name: true}, "want a map"},
		{"not a map", []any{"x"}, "fencecheck settings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := build(t, tc.settings)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
	var every []any
	for _, a := range analyzer.Suite() {
		every = append(every, a.Name)
	}
	_, err := build(t, map[string]any{"disable": every})
	if err == nil || !strings.Contains(err.Error(), "no analyzer to run") {
		t.Errorf("disabling everything: error = %v", err)
	}
}

// TestFlagsForwarded checks that settings reach analyzer flags by name, for
// flags the plugin does not know about: the test adds them.
func TestFlagsForwarded(t *testing.T) {
	root := analyzer.Analyzer.Flags.Bool("test-only-strict", false, "test flag")
	list := unfenced.Analyzer.Flags.String("test-only-sinks", "", "test flag")
	num := unfenced.Analyzer.Flags.Int("test-only-depth", 0, "test flag")
	_, err := build(t, map[string]any{
		"test-only-strict": true,
		unfenced.Name:      map[string]any{"test-only-sinks": []any{"a.B", "c.D"}, "test-only-depth": 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !*root || *list != "a.B,c.D" || *num != 3 {
		t.Errorf("flags = %v, %q, %d; want true, \"a.B,c.D\", 3", *root, *list, *num)
	}
	if _, err := build(t, map[string]any{unfenced.Name: map[string]any{"test-only-depth": "deep"}}); err == nil {
		t.Error("a bad flag value was accepted")
	}
}

// TestFindings runs the plugin's analyzers on a fixture: the unguarded
// write is reported, with the lease position folded into the message.
func TestFindings(t *testing.T) {
	as, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Name == unfenced.Name {
			analysistest.Run(t, dir, a, "jobs")
			return
		}
	}
	t.Fatal("no unfenced analyzer")
}
