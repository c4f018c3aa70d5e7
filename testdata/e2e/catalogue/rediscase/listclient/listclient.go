// Package listclient wraps go-redis list commands, one command per method
// on the key its caller passes, for queues in other packages.
package listclient

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Lists runs list commands on go-redis.
type Lists struct{ Raw redis.Cmdable }

// RPopLPush moves the tail of source to the head of destination.
func (l Lists) RPopLPush(source, destination string) (string, error) {
	return l.Raw.RPopLPush(context.TODO(), source, destination).Result()
}

// LRem removes count occurrences of value.
func (l Lists) LRem(key string, count int64, value string) (int64, error) {
	return l.Raw.LRem(context.TODO(), key, count, value).Result()
}

// LPush pushes value onto the list.
func (l Lists) LPush(key, value string) (int64, error) {
	return l.Raw.LPush(context.TODO(), key, value).Result()
}
