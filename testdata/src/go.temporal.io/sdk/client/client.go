// Package client synthesizes the part of go.temporal.io/sdk/client that fencecheck's tests need, with the real signatures.
package client

type Client interface {
	Close()
}
