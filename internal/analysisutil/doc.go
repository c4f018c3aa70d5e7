// Package analysisutil holds small helpers shared by fencecheck's analyzers.
package analysisutil

import (
	"fmt"
	"strings"
)

// MustExtractDoc returns the documentation of the analyzer called name from
// the text of its package's doc.go: the paragraph that starts with
// "name:" under the "# Analyzer name" heading, followed by the rest of the
// package comment. It panics when the doc does not follow that shape, which
// is a wiring bug caught by every test of the analyzer.
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// ExtractDoc is MustExtractDoc returning an error.
func ExtractDoc(content, name string) (string, error) {
	start := strings.Index(content, "/*")
	var text string
	if start >= 0 {
		end := strings.Index(content[start:], "*/")
		if end < 0 {
			return "", fmt.Errorf("unterminated package comment")
		}
		text = content[start+2 : start+end]
	} else {
		var lines []string
		for _, line := range strings.Split(content, "\n") {
			if strings.HasPrefix(line, "//") {
				lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(line, "//"), " "))
			} else if len(lines) > 0 {
				break
			}
		}
		text = strings.Join(lines, "\n")
	}
	heading := "# Analyzer " + name
	i := strings.Index(text, heading)
	if i < 0 {
		return "", fmt.Errorf("package doc lacks %q", heading)
	}
	body := strings.TrimSpace(text[i+len(heading):])
	prefix := name + ":"
	if !strings.HasPrefix(body, prefix) {
		return "", fmt.Errorf("%q heading is not followed by %q", heading, prefix)
	}
	body = strings.TrimSpace(strings.TrimPrefix(body, prefix))
	if j := strings.Index(body, "\n# "); j >= 0 {
		body = body[:j]
	}
	return strings.TrimSpace(body), nil
}
