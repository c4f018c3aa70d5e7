// Package zap synthesizes the part of go.uber.org/zap that fencecheck's tests need, with the real signatures.
package zap

// Logger appears only in go.etcd.io/etcd/client/v3/concurrency.SessionOption.
type Logger struct{}
