// SPDX-License-Identifier: MIT
// suggest on C++ (tests/cpp): a queue class with member functions, access
// specifiers, a nested type and default initializers, which a source diff
// must not delete; and a line-aligned member whose current order holds.
#include <atomic>

namespace sq {
class Queue {
public:
	Queue() = default;
	bool empty() const { return head_ == tail_ && !first_; }
	long room() const { return cap_ - spare_; }

private:
	struct Node {
		long v;
	};
	std::atomic<long> head_{0};
	Node *first_ = nullptr;
	long spare_ = 0;
	std::atomic<long> tail_{0};
	long cap_ = 16;
};

struct Aligned {
	long hits;
	alignas(64) long stores;
	long reads;
};
} // namespace sq

sq::Queue queue;
sq::Aligned aligned;
