// Package aws synthesizes the part of github.com/aws/aws-sdk-go-v2/aws that fencecheck's tests need, with the real signatures.
package aws

type Config struct {
	Region string
}

func String(v string) *string { return &v }

func Int64(v int64) *int64 { return &v }

func Bool(v bool) *bool { return &v }

func ToString(p *string) (v string) { return "" }
