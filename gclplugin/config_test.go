package gclplugin_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/fencecheck/fencecheck/analyzer"
	"github.com/fencecheck/fencecheck/gclplugin"
	"github.com/fencecheck/fencecheck/internal/configfile"
)

// TestSettingsMatchConfigFile reads the golangci-lint fixture's plugin
// settings and its .fencecheck.yaml, and checks that they say the same:
// one vocabulary for both, and the CI build of golangci-lint uses it.
func TestSettingsMatchConfigFile(t *testing.T) {
	dir := filepath.Join("..", "testdata", "e2e", "golangci")
	data, err := os.ReadFile(filepath.Join(dir, ".golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var gcl struct {
		Linters struct {
			Settings struct {
				Custom map[string]struct {
					Settings map[string]any
				}
			}
		}
	}
	if err := yaml.Unmarshal(data, &gcl); err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(gcl.Linters.Settings.Custom[gclplugin.Name].Settings)
	if err != nil {
		t.Fatal(err)
	}
	var s gclplugin.Settings
	if err := s.UnmarshalJSON(raw); err != nil {
		t.Fatalf(".golangci.yml settings: %v", err)
	}
	fromGCL := slices.Clone(s.Disable)
	for name, v := range s.Flags {
		fromGCL = append(fromGCL, name+"="+v)
	}

	path := filepath.Join(dir, configfile.FileName)
	data, err = os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := configfile.ParseFile(path, data, analyzer.Suite())
	if err != nil {
		t.Fatal(err)
	}
	lists := map[string][]string{}
	var fromFile []string
	for _, e := range entries {
		if !strings.Contains(e.Flag, ".") {
			if e.Value == "false" {
				fromFile = append(fromFile, e.Flag)
			}
			continue
		}
		lists[e.Flag] = append(lists[e.Flag], e.Value)
	}
	for name, vs := range lists {
		fromFile = append(fromFile, name+"="+strings.Join(vs, ","))
	}
	slices.Sort(fromGCL)
	slices.Sort(fromFile)
	if len(fromFile) < 2 || !slices.Equal(fromGCL, fromFile) {
		t.Errorf("settings differ:\n.golangci.yml:     %q\n.fencecheck.yaml:  %q", fromGCL, fromFile)
	}
}
