// Command genmod writes a synthetic module of N packages for measuring how
// fencecheck's cost grows with package count. Package pI imports p(I-1)
// and p(I/2) (so facts flow along chains), claims a lease with a SQL
// claim statement, writes through its dependencies' helpers and directly,
// and has some ordinary code; every tenth package imports nothing
// fencecheck models.
//
//	go run ./internal/tools/genmod -n 100 -o /tmp/gen100
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	n := flag.Int("n", 10, "number of packages")
	out := flag.String("o", "", "output directory (created)")
	flag.Parse()
	if *out == "" || *n < 1 {
		fmt.Fprintln(os.Stderr, "usage: genmod -n N -o DIR")
		os.Exit(2)
	}
	if err := write(*out, *n); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// write generates the module.
func write(dir string, n int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/gen\n\ngo 1.26.0\n"), 0o644); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		pkg := filepath.Join(dir, fmt.Sprintf("p%d", i))
		if err := os.MkdirAll(pkg, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(pkg, "p.go"), []byte(source(i)), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// source returns the code of package i.
func source(i int) string {
	if i%10 == 9 {
		return fmt.Sprintf(`// Package p%[1]d is ordinary code.
package p%[1]d

import "strings"

// Upper upper-cases s.
func Upper(s string) string { return strings.ToUpper(s) + "%[1]d" }
`, i)
	}
	deps := ""
	calls := ""
	for _, d := range []int{i - 1, i / 2} {
		if d >= 0 && d != i && d%10 != 9 && !(d == i/2 && i/2 == i-1) {
			deps += fmt.Sprintf("\t\"example.com/gen/p%d\"\n", d)
			calls += fmt.Sprintf("\tp%d.Save(ctx, db, id, \"r\")\n", d)
		}
	}
	return fmt.Sprintf(`// Package p%[1]d claims jobs and saves results.
package p%[1]d

import (
	"context"
	"database/sql"
	"fmt"
%[2]s)

// Save writes a result without a token.
func Save(ctx context.Context, db *sql.DB, id int64, body string) error {
	_, err := db.ExecContext(ctx, "UPDATE results SET body = $2 WHERE job_id = $1", id, body)
	return err
}

// Run claims a job and writes.
func Run(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	if err := db.QueryRowContext(ctx, "UPDATE jobs SET locked_by = $1, lease_until = now(), fence_token = fence_token + 1 WHERE id = $2 RETURNING id, fence_token", "w", %[1]d).Scan(&id, &tok); err != nil {
		return fmt.Errorf("claim: %%w", err)
	}
%[3]s	r, err := db.ExecContext(ctx, "UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3", id, "r", tok)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return fmt.Errorf("stale")
	}
	return nil
}

// Format is ordinary code.
func Format(xs []int) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprint(x * %[1]d)
	}
	return s
}
`, i, deps, calls)
}
