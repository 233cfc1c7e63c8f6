	.text
	.file	"counted.c"
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
	.cfi_startproc
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	subq	$32, %rsp
	.cfi_def_cfa_offset 64
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	56(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	leaq	8(%rsp), %r14
	movq	%r14, %rdi
	callq	__tsan_write8@PLT
	movq	$0, 8(%rsp)
	leaq	writer(%rip), %rdx
	leaq	24(%rsp), %rbx
	movq	%rbx, %rdi
	xorl	%esi, %esi
	xorl	%ecx, %ecx
	callq	pthread_create@PLT
	leaq	reader(%rip), %rdx
	leaq	16(%rsp), %r15
	movq	%r15, %rdi
	xorl	%esi, %esi
	movq	%r14, %rcx
	callq	pthread_create@PLT
	movq	%rbx, %rdi
	callq	__tsan_read8@PLT
	movq	24(%rsp), %rdi
	xorl	%esi, %esi
	callq	pthread_join@PLT
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
	movq	16(%rsp), %rdi
	xorl	%esi, %esi
	callq	pthread_join@PLT
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
	movq	8(%rsp), %rsi
	leaq	.L.str(%rip), %rdi
	xorl	%eax, %eax
	callq	printf@PLT
	callq	__tsan_func_exit@PLT
	xorl	%eax, %eax
	addq	$32, %rsp
	.cfi_def_cfa_offset 32
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function writer
	.type	writer,@function
writer:                                 # @writer
	.cfi_startproc
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	%rdi, %r14
	movq	24(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	xorl	%ebx, %ebx
	leaq	shared_pair(%rip), %r15
	.p2align	4, 0x90
.LBB1_1:                                # =>This Inner Loop Header: Depth=1
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	movq	%rbx, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	1(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	2(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	3(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	4(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	5(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	6(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	7(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	8(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	9(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	10(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
	leaq	11(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	addq	$12, %rbx
	cmpq	$300000, %rbx                   # imm = 0x493E0
	jne	.LBB1_1
# %bb.2:
	callq	__tsan_func_exit@PLT
	movq	%r14, %rax
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end1:
	.size	writer, .Lfunc_end1-writer
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function reader
	.type	reader,@function
reader:                                 # @reader
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	pushq	%rax
	.cfi_def_cfa_offset 64
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rdi, (%rsp)                    # 8-byte Spill
	movq	56(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	movl	$200000, %r13d                  # imm = 0x30D40
	xorl	%ebx, %ebx
	leaq	shared_pair+8(%rip), %r15
	leaq	shared_pair+16(%rip), %r12
	.p2align	4, 0x90
.LBB2_1:                                # =>This Inner Loop Header: Depth=1
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
	movq	shared_pair+8(%rip), %rbp
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
	imulq	shared_pair+16(%rip), %rbp
	addq	%rbx, %rbp
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
	movq	shared_pair+8(%rip), %rbx
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
	imulq	shared_pair+16(%rip), %rbx
	addq	%rbp, %rbx
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
	movq	shared_pair+8(%rip), %rbp
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
	imulq	shared_pair+16(%rip), %rbp
	addq	%rbx, %rbp
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
	movq	shared_pair+8(%rip), %r14
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
	imulq	shared_pair+16(%rip), %r14
	addq	%rbp, %r14
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
	movq	shared_pair+8(%rip), %rbx
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
	imulq	shared_pair+16(%rip), %rbx
	addq	%r14, %rbx
	addq	$-5, %r13
	jne	.LBB2_1
# %bb.2:
	movq	(%rsp), %rbp                    # 8-byte Reload
	movq	%rbp, %rdi
	callq	__tsan_write8@PLT
	movq	%rbx, (%rbp)
	callq	__tsan_func_exit@PLT
	xorl	%eax, %eax
	addq	$8, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end2:
	.size	reader, .Lfunc_end2-reader
	.cfi_endproc
                                        # -- End function
	.section	.text.tsan.module_ctor,"axR",@progbits
	.p2align	4, 0x90                         # -- Begin function tsan.module_ctor
	.type	tsan.module_ctor,@function
tsan.module_ctor:                       # @tsan.module_ctor
	.cfi_startproc
# %bb.0:
	pushq	%rax
	.cfi_def_cfa_offset 16
	callq	__tsan_init@PLT
	popq	%rax
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end3:
	.size	tsan.module_ctor, .Lfunc_end3-tsan.module_ctor
	.cfi_endproc
                                        # -- End function
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"%ld\n"
	.size	.L.str, 5

	.type	shared_pair,@object             # @shared_pair
	.data
	.p2align	3
shared_pair:
	.quad	0                               # 0x0
	.quad	3                               # 0x3
	.quad	4                               # 0x4
	.size	shared_pair, 24

	.section	.init_array.0,"aw",@init_array
	.p2align	3
	.quad	tsan.module_ctor
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym writer
	.addrsig_sym reader
	.addrsig_sym __tsan_init
	.addrsig_sym tsan.module_ctor
	.addrsig_sym __tsan_func_entry
	.addrsig_sym __tsan_func_exit
	.addrsig_sym __tsan_read8
	.addrsig_sym __tsan_write8
	.addrsig_sym shared_pair
