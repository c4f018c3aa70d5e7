// Package jsonschemacheck validates JSON documents against a JSON schema
// embedded in the binary, compiled once on first use.
package jsonschemacheck

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Schema is a schema compiled on first use.
type Schema struct {
	// Name names the documents in errors ("SARIF", "the inventory").
	Name string
	// URL is the schema resource's id.
	URL string
	// JSON is the schema's text.
	JSON []byte
	// AssertFormat turns format assertions (URIs, dates) on.
	AssertFormat bool

	once     sync.Once
	compiled *jsonschema.Schema
	err      error
}

// Validate checks a JSON document against the schema; the error lists
// every violation.
func (s *Schema) Validate(data []byte) error {
	s.once.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.JSON))
		if err != nil {
			s.err = fmt.Errorf("reading the %s schema: %v", s.Name, err)
			return
		}
		c := jsonschema.NewCompiler()
		if s.AssertFormat {
			c.AssertFormat()
		}
		if err := c.AddResource(s.URL, doc); err != nil {
			s.err = fmt.Errorf("adding the %s schema: %v", s.Name, err)
			return
		}
		s.compiled, s.err = c.Compile(s.URL)
	})
	if s.err != nil {
		return s.err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s is not JSON: %v", s.Name, err)
	}
	if err := s.compiled.Validate(inst); err != nil {
		return fmt.Errorf("%s schema: %v", s.Name, err)
	}
	return nil
}
