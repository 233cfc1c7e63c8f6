	.text
	.file	"asm_ring.c"
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
	.cfi_startproc
# %bb.0:
	pushq	%r14
	.cfi_def_cfa_offset 16
	pushq	%rbx
	.cfi_def_cfa_offset 24
	pushq	%rax
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -24
	.cfi_offset %r14, -16
	movq	24(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	movl	$2, %edi
	movl	$8, %esi
	callq	calloc@PLT
	movq	%rax, %rbx
	leaq	fx_n(%rip), %rdi
	callq	__tsan_write1@PLT
	movb	$1, fx_n(%rip)
	leaq	fx_ready(%rip), %rdi
	xorl	%esi, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_store@PLT
	leaq	fx_done(%rip), %rdi
	xorl	%esi, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_store@PLT
	leaq	produce(%rip), %rdx
	movq	%rbx, %rdi
	xorl	%esi, %esi
	xorl	%ecx, %ecx
	callq	pthread_create@PLT
	testl	%eax, %eax
	jne	.LBB0_3
# %bb.1:
	leaq	8(%rbx), %r14
	leaq	consume(%rip), %rdx
	movq	%r14, %rdi
	xorl	%esi, %esi
	xorl	%ecx, %ecx
	callq	pthread_create@PLT
	testl	%eax, %eax
	jne	.LBB0_3
# %bb.2:
	movq	%rbx, %rdi
	callq	__tsan_read8@PLT
	movq	(%rbx), %rdi
	xorl	%esi, %esi
	callq	pthread_join@PLT
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
	movq	8(%rbx), %rdi
	xorl	%esi, %esi
	callq	pthread_join@PLT
	movq	%rbx, %rdi
	callq	free@PLT
	callq	__tsan_func_exit@PLT
	xorl	%eax, %eax
	addq	$8, %rsp
	.cfi_def_cfa_offset 24
	popq	%rbx
	.cfi_def_cfa_offset 16
	popq	%r14
	.cfi_def_cfa_offset 8
	retq
.LBB0_3:
	.cfi_def_cfa_offset 32
	leaq	.L.str(%rip), %rdi
	callq	perror@PLT
	movl	$2, %edi
	callq	exit@PLT
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function produce
	.type	produce,@function
produce:                                # @produce
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %rbp, -16
	movq	24(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	leaq	fx_ready(%rip), %r14
	movq	%r14, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
	leaq	fx_n(%rip), %rbx
	.p2align	4, 0x90
.LBB1_1:                                # =>This Inner Loop Header: Depth=1
	movq	%r14, %rdi
	movl	$5, %esi
	callq	__tsan_atomic32_load@PLT
	movl	%eax, %ebp
	movl	fx_ready(%rip), %eax
	movq	%rbx, %rdi
	callq	__tsan_read1@PLT
	movzbl	fx_n(%rip), %eax
	addl	%eax, %eax
	cmpl	%eax, %ebp
	jl	.LBB1_1
# %bb.2:
	leaq	fx_done(%rip), %rbx
	leaq	fx_n(%rip), %r14
	.p2align	4, 0x90
.LBB1_3:                                # =>This Inner Loop Header: Depth=1
	movq	%fs:0, %rax
	leaq	fx_rounds@TPOFF(%rax), %rdi
	movq	%fs:fx_rounds@TPOFF, %rbp
	addq	$1, %rbp
	callq	__tsan_write8@PLT
	movq	%rbp, %fs:fx_rounds@TPOFF
	cmpq	$20000, %rbp                    # imm = 0x4E20
	jne	.LBB1_5
# %bb.4:                                #   in Loop: Header=BB1_3 Depth=1
	movq	%rbx, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
.LBB1_5:                                #   in Loop: Header=BB1_3 Depth=1
	movq	%rbx, %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic32_load@PLT
	movl	%eax, %ebp
	movl	fx_done(%rip), %eax
	movq	%r14, %rdi
	callq	__tsan_read1@PLT
	movzbl	fx_n(%rip), %eax
	addl	%eax, %eax
	cmpl	%eax, %ebp
	jge	.LBB1_7
# %bb.6:                                #   in Loop: Header=BB1_3 Depth=1
	#APP
	lock		addq	$1, ring(%rip)
	#NO_APP
	jmp	.LBB1_3
.LBB1_7:
	callq	__tsan_func_exit@PLT
	xorl	%eax, %eax
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end1:
	.size	produce, .Lfunc_end1-produce
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function consume
	.type	consume,@function
consume:                                # @consume
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
	movq	56(%rsp), %rdi
	callq	__tsan_func_entry@PLT
	leaq	fx_ready(%rip), %r14
	movq	%r14, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
	leaq	fx_n(%rip), %r15
	.p2align	4, 0x90
.LBB2_1:                                # =>This Inner Loop Header: Depth=1
	movq	%r14, %rdi
	movl	$5, %esi
	callq	__tsan_atomic32_load@PLT
	movl	%eax, %ebp
	movl	fx_ready(%rip), %eax
	movq	%r15, %rdi
	callq	__tsan_read1@PLT
	movzbl	fx_n(%rip), %ebx
	leal	(%rbx,%rbx), %eax
	cmpl	%eax, %ebp
	jl	.LBB2_1
# %bb.2:
	movq	%fs:0, %rax
	leaq	fx_rounds@TPOFF(%rax), %rdi
	callq	__tsan_read8@PLT
	xorl	%r13d, %r13d
	movq	%fs:fx_rounds@TPOFF, %rbp
	leaq	fx_done(%rip), %r14
	leaq	fx_n(%rip), %r15
	leaq	ring+8(%rip), %r12
	.p2align	4, 0x90
.LBB2_3:                                # =>This Inner Loop Header: Depth=1
	addq	$1, %rbp
	movq	%fs:0, %rax
	leaq	fx_rounds@TPOFF(%rax), %rdi
	callq	__tsan_write8@PLT
	movq	%rbp, %fs:fx_rounds@TPOFF
	cmpq	$20000, %rbp                    # imm = 0x4E20
	jne	.LBB2_5
# %bb.4:                                #   in Loop: Header=BB2_3 Depth=1
	movq	%r14, %rdi
	movl	$1, %esi
	movl	$5, %edx
	callq	__tsan_atomic32_fetch_add@PLT
	movq	%fs:0, %rax
	leaq	fx_rounds@TPOFF(%rax), %rdi
	callq	__tsan_read8@PLT
	movq	%fs:fx_rounds@TPOFF, %rbp
	movq	%r15, %rdi
	callq	__tsan_read1@PLT
	movzbl	fx_n(%rip), %ebx
.LBB2_5:                                #   in Loop: Header=BB2_3 Depth=1
	movq	%r14, %rdi
	xorl	%esi, %esi
	callq	__tsan_atomic32_load@PLT
	movl	fx_done(%rip), %ecx
	movzbl	%bl, %ecx
	andl	$1, %ecx
	addl	%ecx, %ecx
	cmpl	%ecx, %eax
	jge	.LBB2_7
# %bb.6:                                #   in Loop: Header=BB2_3 Depth=1
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
	addq	ring+8(%rip), %r13
	jmp	.LBB2_3
.LBB2_7:
	callq	__tsan_func_exit@PLT
	movq	%r13, %rax
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
	.size	consume, .Lfunc_end2-consume
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
	.type	ring,@object                    # @ring
	.bss
	.globl	ring
	.p2align	3
ring:
	.zero	16
	.size	ring, 16

	.type	fx_ready,@object                # @fx_ready
	.local	fx_ready
	.comm	fx_ready,4,4
	.type	fx_n,@object                    # @fx_n
	.local	fx_n
	.comm	fx_n,1,4
	.type	fx_rounds,@object               # @fx_rounds
	.section	.tbss,"awT",@nobits
	.p2align	3
fx_rounds:
	.quad	0                               # 0x0
	.size	fx_rounds, 8

	.type	fx_done,@object                 # @fx_done
	.local	fx_done
	.comm	fx_done,4,4
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"pthread_create"
	.size	.L.str, 15

	.section	.init_array.0,"aw",@init_array
	.p2align	3
	.quad	tsan.module_ctor
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym produce
	.addrsig_sym consume
	.addrsig_sym __tsan_init
	.addrsig_sym tsan.module_ctor
	.addrsig_sym __tsan_func_entry
	.addrsig_sym __tsan_func_exit
	.addrsig_sym __tsan_read1
	.addrsig_sym __tsan_write1
	.addrsig_sym __tsan_atomic32_load
	.addrsig_sym __tsan_atomic32_store
	.addrsig_sym __tsan_atomic32_fetch_add
	.addrsig_sym __tsan_read8
	.addrsig_sym __tsan_write8
	.addrsig_sym ring
	.addrsig_sym fx_ready
	.addrsig_sym fx_done
