package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/report/sarifcheck"
)

// actionSteps returns the run scripts of action.yml's steps by name. It
// reads the file's own layout (a "- name:" line, then a "run: |" block
// indented below it), not YAML in general.
func actionSteps(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	steps := map[string]string{}
	var name string
	var script []string
	indent := -1
	flush := func() {
		if name != "" && script != nil {
			steps[name] = strings.Join(script, "\n") + "\n"
		}
		script, indent = nil, -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		lead := len(line) - len(strings.TrimLeft(line, " "))
		switch {
		case indent >= 0 && (trimmed == "" || lead >= indent):
			if trimmed == "" {
				script = append(script, "")
			} else {
				script = append(script, line[indent:])
			}
		case strings.HasPrefix(trimmed, "- name: "):
			flush()
			name = strings.TrimPrefix(trimmed, "- name: ")
		case trimmed == "run: |":
			indent = lead + 2
			script = []string{}
		default:
			if indent >= 0 {
				steps[name] = strings.Join(script, "\n") + "\n"
				indent = -1
				script = nil
			}
		}
	}
	flush()
	return steps
}

// runStep runs a step's script as GitHub runs bash steps, with the env the
// step declares.
func runStep(t *testing.T, dir, script string, env map[string]string) (string, int) {
	t.Helper()
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), code
}

// TestAction runs the action's SARIF and gate steps (everything but the
// install) on a copy of the golangci fixture module placed in a
// subdirectory of a workspace, as a monorepo would have it.
func TestAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	steps := actionSteps(t)
	sarifStep, gateStep := steps["fencecheck (SARIF)"], steps["fencecheck (gate)"]
	if sarifStep == "" || gateStep == "" || steps["Install fencecheck"] == "" {
		t.Fatalf("action.yml steps not found: %v", steps)
	}
	bin := binary(t)
	workspace := t.TempDir()
	mod := filepath.Join(workspace, "services", "jobs")
	if err := os.MkdirAll(filepath.Dir(mod), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(copyModule(t, "golangci"), mod); err != nil {
		t.Fatal(err)
	}
	outputs := filepath.Join(t.TempDir(), "outputs")
	sarif := filepath.Join(workspace, "fencecheck.sarif")
	env := map[string]string{
		"FENCECHECK": bin, "GITHUB_OUTPUT": outputs, "ROOT": workspace,
		"SARIF": sarif, "PACKAGES": "./...", "ARGS": "", "BASELINE": "",
	}

	out, code := runStep(t, mod, sarifStep, env)
	if code != 0 {
		t.Fatalf("SARIF step: exit %d\n%s", code, out)
	}
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	if _, problems := sarifcheck.Check(data); len(problems) > 0 {
		t.Errorf("SARIF problems: %v", problems)
	}
	if !bytes.Contains(data, []byte(`"uri": "services/jobs/jobs/jobs.go"`)) {
		t.Errorf("SARIF paths are not relative to the workspace")
	}
	if o, _ := os.ReadFile(outputs); !strings.Contains(string(o), "sarif-file="+sarif) {
		t.Errorf("outputs %q", o)
	}

	out, code = runStep(t, mod, gateStep, env)
	if code != 1 || !strings.Contains(out, "::error file=services/jobs/jobs/jobs.go,line=") {
		t.Errorf("gate with findings: exit %d, want 1 and annotations\n%s", code, out)
	}

	// With a baseline of today's findings the gate passes.
	if _, errOut, code := runIn(t, mod, bin, "-write-baseline", "fencecheck-baseline.json", "./..."); code != 0 {
		t.Fatalf("-write-baseline: %d %s", code, errOut)
	}
	env["BASELINE"] = "fencecheck-baseline.json"
	if out, code := runStep(t, mod, gateStep, env); code != 0 || strings.Contains(out, "::error") {
		t.Errorf("gate with a baseline: exit %d\n%s", code, out)
	}

	// A failing analysis fails both steps.
	writeFile(t, filepath.Join(mod, "jobs", "broken.go"), "package jobs\n\nfunc Broken() int { return \"x\" }\n")
	if out, code := runStep(t, mod, sarifStep, env); code != 1 || !strings.Contains(out, "fencecheck failed") {
		t.Errorf("SARIF step on a broken module: exit %d\n%s", code, out)
	}
	if out, code := runStep(t, mod, gateStep, env); code != 1 || !strings.Contains(out, "fencecheck failed") {
		t.Errorf("gate on a broken module: exit %d\n%s", code, out)
	}
}
