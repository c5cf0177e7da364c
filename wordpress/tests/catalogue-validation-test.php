<?php
/**
 * fc-catalogue's validation: each refusal names the field; an item is named only for who may read
 * it; only what a save changes is checked (a stored relation that went to the trash does not stop
 * the other fields); what sanitizing would drop is refused instead; an image the user may not
 * attach is refused.
 *
 * @package FC_Catalogue
 */

/** The world of these checks: published designer 10, collection 11, trashed designer 12, private page 13 (title not for everyone), image 20 on draft product 21. */
function fc_validation_world(): void {
	FC_Stub::reset();
	FC_Stub::post( 10, 'designers', 'Giulia Neri' );
	FC_Stub::post( 11, 'collections', 'Marea' );
	FC_Stub::post( 12, 'designers', 'Paola Cestino', 'trash' );
	FC_Stub::post( 13, 'page', 'Board minutes', 'private' );
	FC_Stub::post( 21, 'products', 'Unannounced vase', 'draft' );
	FC_Stub::post( 20, 'attachment', 'vase.webp', 'inherit', 21, 'image/webp' );
	FC_Stub::post( 30, 'products', 'Onda' );
	FC_Stub::$meta[30] = array( 'designer' => 12, 'code' => 'FC-V030' );
	FC_Stub::$meta[21] = array( 'code' => 'FC-SECRET' );
}

/** The message of the first refusal of these field values of product 30 (null: accepted). */
function fc_refusal( array $meta, string $type = 'products', int $id = 30 ): ?string {
	$error = FC_Catalogue_Validation::check( $type, $id, '', $meta );
	return $error ? $error->get_error_message() : null;
}

FC_Test::test(
	'relations: the wrong type is named, an unreadable or missing item is only its id',
	static function () {
		fc_validation_world();
		FC_Test::same( null, fc_refusal( array( 'designer' => 10 ) ) );
		FC_Test::same( 'Designer: “Marea” is a collection, not a designer.', fc_refusal( array( 'designer' => 11 ) ) );
		FC_Test::same( 'Designer: #99 is not a designer.', fc_refusal( array( 'designer' => 99 ) ) );
		FC_Stub::$can = static fn( $cap, $id ) => 13 !== $id;
		FC_Test::same( 'Related products: #13 is not a product.', fc_refusal( array( 'related' => array( 13 ) ) ) );
		FC_Stub::$can = static fn() => true;
		FC_Test::same( 'Designer: “Board minutes” is an item of the kind “Page”, not a designer.', fc_refusal( array( 'designer' => 13 ) ) );
	}
);

FC_Test::test(
	'a stored relation that went to the trash does not stop a save; choosing a trashed item does',
	static function () {
		fc_validation_world();
		FC_Test::same( null, fc_refusal( array( 'designer' => 12, 'materials' => 'Porcelain' ) ) );
		FC_Test::same( 'Designer: “Paola Cestino” is in the trash: restore it, or choose another item.', fc_refusal( array( 'designer' => 12 ), 'collections', 11 ) );
	}
);

FC_Test::test(
	'a product code is one product’s, and another’s unreadable draft is only its id',
	static function () {
		fc_validation_world();
		FC_Test::same( null, fc_refusal( array( 'code' => 'FC-V030' ) ), 'its own code, unchanged' );
		FC_Stub::$can = static fn( $cap, $id ) => 21 !== $id;
		FC_Test::same( 'Code: FC-SECRET is already the code of product #21.', fc_refusal( array( 'code' => 'FC-SECRET' ) ) );
		FC_Stub::$can = static fn() => true;
		FC_Test::same( 'Code: FC-SECRET is already the code of “Unannounced vase” (#21).', fc_refusal( array( 'code' => 'FC-SECRET' ) ) );
	}
);

FC_Test::test(
	'hotspots stay on the scene and each has a product',
	static function () {
		fc_validation_world();
		FC_Test::same( 'Hotspots: hotspot 2 is outside the image (x must be between 0 and 100 %).', fc_refusal( array( 'hotspots' => array( array( 'product' => 30, 'x' => 10, 'y' => 10 ), array( 'product' => 30, 'x' => 100.5, 'y' => 10 ) ) ), 'imagemap_products', 40 ) );
		FC_Test::same( 'Hotspots: hotspot 1 has no product; choose one or remove the hotspot.', fc_refusal( array( 'hotspots' => array( array( 'x' => 1, 'y' => 1 ) ) ), 'imagemap_products', 40 ) );
		FC_Test::same( null, fc_refusal( array( 'hotspots' => array( array( 'product' => 30, 'x' => 0, 'y' => 100 ) ) ), 'imagemap_products', 40 ) );
	}
);

FC_Test::test(
	'the company details: a social link that is not a web address and an email that is not one are refused, not dropped',
	static function () {
		fc_validation_world();
		$company = array( 'email' => 'info@fc.example', 'social' => array( array( 'network' => 'Instagram', 'url' => 'https://instagram.com/fc' ), array( 'network' => 'x', 'url' => 'javascript:alert(1)' ) ) );
		FC_Test::same( 'Company: social link 2, “javascript:alert(1)”, is not a web address: write it in full, starting with https://.', fc_refusal( array( 'company' => $company ), 'page', 50 ) );
		FC_Test::same( 'Company: “info at fc” is not an email address.', fc_refusal( array( 'company' => array( 'email' => 'info at fc' ) ), 'page', 50 ) );
		FC_Test::same( null, fc_refusal( array( 'company' => array( 'email' => 'info@fc.example', 'social' => array( array( 'url' => 'www.instagram.com/fc' ) ) ) ), 'page', 50 ) );
	}
);

FC_Test::test(
	'images: only images, and only ones the user may attach (an image of an unpublished item they cannot edit is not)',
	static function () {
		fc_validation_world();
		FC_Test::same( 'Gallery: #10 is not an image in the media library.', fc_refusal( array( 'gallery' => array( 10 ) ) ) );
		FC_Stub::$can = static fn( $cap, $id ) => ! ( 'edit_post' === $cap && 20 === $id );
		FC_Test::same( 'Gallery: you may not use image #20 here: it is attached to an item you cannot edit. Upload your own copy, or choose an image that is not attached to anything.', fc_refusal( array( 'gallery' => array( 20 ) ) ) );
		FC_Stub::$posts[21]->post_status = 'publish';
		FC_Test::same( null, fc_refusal( array( 'gallery' => array( 20 ) ) ), 'an image of a published item stays where it is' );
		FC_Stub::$posts[21]->post_status = 'draft';
		FC_Stub::$posts[20]->post_parent = 0;
		FC_Test::same( null, fc_refusal( array( 'gallery' => array( 20 ) ) ), 'an unattached image' );
		FC_Stub::$can = static fn() => true;
		FC_Stub::$posts[20]->post_parent = 21;
		FC_Test::same( null, fc_refusal( array( 'gallery' => array( 20 ) ) ), 'an editor may move it' );
	}
);
